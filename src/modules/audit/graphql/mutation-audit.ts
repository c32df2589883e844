import {
  type AuditEntry,
  type AuditFacts,
  type AuditTrail,
  auditPrincipalOf,
} from '../../../platform/audit/audit-trail.ts';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { MutationWrapper } from '../../../platform/graphql/authorization.ts';

interface MutationContext {
  deps?: { audit: AuditTrail };
  actor?: Actor;
  clientAddress?: string | null;
  request?: { id: string } | null;
}

/**
 * Records every GraphQL mutation, over HTTP and WebSocket (the role pass runs each Mutation field through it, so
 * a mutation added later is recorded too): `graphql.<field>`, the outcome (userErrors: refused — a role refusal
 * included; an exception: failed) and the target, taken from the arguments (`orderId`, `transactionId`, `id`)
 * or else from the first object with an id in the payload. Argument values other than ids are never kept.
 *
 * The trail is the one in the operation's context (`deps.audit`). The entry is written in the mutation's own
 * transaction (AuditTrail.within); a mutation that wrote nothing (refused) is recorded once it answered, and one
 * whose outcome or target is known only then is corrected.
 */
export function auditMutations(): MutationWrapper {
  return ({ context, field, args }, run) => {
    const { deps, actor, clientAddress, request } = (context ?? {}) as MutationContext;
    if (!actor || !deps) return run();
    // The operation's own app's trail, from its context: the schema is built once per process (app.ts).
    const { audit } = deps;
    const facts = (target: AuditEntry['target'], outcome: AuditEntry['outcome']): AuditFacts => ({
      projectId: actor.projectId,
      principal: auditPrincipalOf(actor),
      clientAddress: clientAddress ?? null,
      action: `graphql.${field}`,
      target,
      outcome,
      requestId: request?.id ?? null,
    });
    const fromArguments = argumentTarget(field, args);
    const settle = (written: AuditEntry | null, result: unknown, error: unknown) => {
      const userErrors = (result as { userErrors?: unknown[] } | null)?.userErrors;
      const outcome = error ? 'failed' : userErrors?.length ? 'refused' : 'succeeded';
      audit.conclude(written, facts(fromArguments ?? resultTarget(result), outcome));
    };
    let run$: { result: unknown; written: () => AuditEntry | null };
    try {
      run$ = audit.within(() => facts(fromArguments, 'succeeded'), run);
    } catch (error) {
      settle(null, null, error);
      throw error;
    }
    const { result, written } = run$;
    if (!(result instanceof Promise)) {
      settle(written(), result, null);
      return result;
    }
    return result.then(
      (value) => {
        settle(written(), value, null);
        return value;
      },
      (error: unknown) => {
        settle(written(), null, error);
        throw error;
      },
    );
  };
}

/** `revokeApiKey` → `api_key`: the object a mutation named `<verb><Object>` acts on. */
function objectOf(field: string): string {
  return snake(field.replace(/^[a-z]+/, '')) || field;
}

function argumentTarget(field: string, args: Record<string, unknown>): AuditEntry['target'] {
  const input = (typeof args.input === 'object' && args.input !== null ? args.input : {}) as Record<
    string,
    unknown
  >;
  for (const source of [args, input]) {
    if (typeof source.transactionId === 'string') return { type: 'transaction', id: source.transactionId };
    if (typeof source.orderId === 'string') return { type: 'order', id: source.orderId };
    if (typeof source.id === 'string') return { type: objectOf(field), id: source.id };
  }
  return null;
}

function resultTarget(result: unknown): AuditEntry['target'] {
  if (typeof result !== 'object' || result === null) return null;
  for (const [name, value] of Object.entries(result)) {
    if (typeof value !== 'object' || value === null) continue;
    const object = value as { id?: unknown; order?: { id?: unknown }; link?: { id?: unknown } };
    // Views carry their record (an order's { order, transactions }, a payment link's { link, orderIds });
    // other objects carry their id.
    const id = typeof object.id === 'string' ? object.id : (object.order?.id ?? object.link?.id);
    if (typeof id === 'string') return { type: snake(name), id };
  }
  return null;
}

function snake(name: string): string {
  return name.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
