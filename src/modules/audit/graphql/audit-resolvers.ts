import type { AuditOutcome, PrincipalKind, Resolvers } from '../../../generated/graphql.ts';
import { forwardConnection } from '../../../platform/graphql/connection.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { auditCursor, listAuditEvents } from '../commands/list-audit-events.ts';

/** The audit log for admins (`@requires(role: ADMIN)` in the SDL). */
export const auditResolvers: Resolvers = {
  Query: {
    auditLog: async (_parent, { first, after, filter }, { deps, actor }) => {
      const page = await listAuditEvents(deps, actor.projectId, { first, after, filter });
      const edges = page.events.map((event) => ({ cursor: auditCursor(event), node: event }));
      return forwardConnection(edges, page.hasNextPage);
    },
  },
  AuditEvent: {
    id: (row) => row.id,
    occurred: (row) => new Date(row.occurred_at),
    action: (row) => row.action,
    outcome: (row) => toGraphQLEnum<AuditOutcome>(row.outcome),
    principal: (row) => ({
      kind: row.principal_kind === 'anonymous' ? null : toGraphQLEnum<PrincipalKind>(row.principal_kind),
      id: row.principal_id,
      label: row.principal_label,
    }),
    clientAddress: (row) => row.client_address,
    target: (row) => (row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null),
    requestId: (row) => row.request_id,
  },
};
