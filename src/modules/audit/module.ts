import type { GatewayModule } from '../../platform/module.ts';
import { auditResolvers } from './graphql/audit-resolvers.ts';

/**
 * The audit log's reading side. Recording is central (app.ts: a REST hook for authenticated writes, the
 * GraphQL role pass for every mutation, the session endpoints) through the process's AuditTrail
 * (platform/audit/audit-trail.ts), which writes with `AuditRepository.insertMany`.
 */
export const auditModule: GatewayModule = {
  name: 'audit',
  resolvers: auditResolvers,
};
