import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  type AuditEntry,
  type AuditFacts,
  type AuditTrail,
  auditPrincipalOf,
} from '../../../platform/audit/audit-trail.ts';
import type { Actor } from '../../../platform/auth/actor.ts';
import { isGraphQLRoute } from '../../../platform/graphql/paths.ts';
import { authenticatedActor } from '../../../platform/http/authentication.ts';
import { addRouteHooks, routeMethods } from '../../../platform/http/route-hooks.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

type AuditRun = ReturnType<AuditTrail['within']>;

/**
 * Records every authenticated REST write (any route, including routes added later): the route
 * (`POST /v1/orders/:order_id/refunds/`), the outcome by status, and its target — the resource a 201 created,
 * else the order, transaction or link in the path. Searches (a read sent as POST) are not writes.
 *
 * The entry is written **in the write's transaction**: the route's handler runs with it joined to its first
 * committing transaction (AuditTrail.within), as soon as the caller is authenticated, with the target its
 * command named (`nameAuditTarget`: the order a create makes) or the path's. Once answered, a request
 * whose entry was written is corrected only if it ended otherwise (a 4xx or 5xx after the commit, a created
 * target); a request that wrote nothing (a refusal) is recorded then. Bodies are never recorded: only an `id`
 * is read from a created resource, after the answer has gone.
 */
export function recordRestWrites(app: FastifyInstance, audit: AuditTrail): void {
  const created = new WeakMap<FastifyRequest, string>();
  const runs = new WeakMap<FastifyRequest, Pick<AuditRun, 'written' | 'named'>>();
  app.addHook('onRoute', (route) => {
    if (!mayBeWrite(route)) return;
    const handler = route.handler;
    route.handler = function auditedHandler(this: FastifyInstance, request, reply) {
      if (!isWrite(request)) return handler.call(this, request, reply);
      const run = audit.within(
        () => {
          const actor = authenticatedActor(request);
          return actor ? facts(request, actor, pathTarget(request.params), 'succeeded') : null;
        },
        () => handler.call(this, request, reply),
      );
      runs.set(request, run);
      return run.result;
    };
  });
  // Plain hooks (no promise, no microtask), of the routes that may be writes only (reads never pass them; the
  // last of their kind, as when they were the instance's).
  addRouteHooks(app, mayBeWrite, {
    onSend: (request, reply, payload, done) => {
      if (
        reply.statusCode === 201 &&
        !runs.get(request)?.named() &&
        typeof payload === 'string' &&
        payload.length < 65_536 &&
        isWrite(request)
      ) {
        created.set(request, payload);
      }
      done(null, payload);
    },
    onResponse: (request, reply, done) => {
      const actor = isWrite(request) ? authenticatedActor(request) : undefined;
      if (actor) {
        const outcome =
          reply.statusCode >= 500 ? 'failed' : reply.statusCode >= 400 ? 'refused' : 'succeeded';
        const run = runs.get(request);
        // What a 201 created: as the command named it, else read from the answer.
        const target =
          (reply.statusCode === 201 ? run?.named() : null) ??
          createdTarget(created.get(request), request.routePattern) ??
          pathTarget(request.params);
        audit.conclude(run?.written() ?? null, facts(request, actor, target, outcome));
      }
      done();
    },
  });
}

function facts(
  request: FastifyRequest,
  actor: Actor,
  target: AuditEntry['target'],
  outcome: AuditEntry['outcome'],
): AuditFacts {
  return {
    projectId: actor.projectId,
    principal: auditPrincipalOf(actor),
    clientAddress: request.ip,
    action: `${request.method} ${request.routePattern}`,
    target,
    outcome,
    requestId: request.id,
  };
}

/** A route some method of which `isWrite` may count (its pattern is known when it is registered). */
function mayBeWrite(route: RouteOptions): boolean {
  return (
    routeMethods(route).some((method) => !READS.has(method)) &&
    !isGraphQLRoute(route.url) &&
    !route.url.includes('/search/')
  );
}

function isWrite(request: FastifyRequest): boolean {
  const route = request.routePattern;
  return (
    !READS.has(request.method) && route !== undefined && !isGraphQLRoute(route) && !route.includes('/search/')
  );
}

/** What a 201 created: a payment link under `/v1/payment-links/`, else an order (refunds, captures, voids too). */
function createdTarget(body: string | undefined, route: string | undefined): AuditEntry['target'] {
  if (!body) return null;
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    const type = route?.startsWith('/v1/payment-links/') ? 'payment_link' : 'order';
    return typeof id === 'string' && isUuidText(id) ? { type, id } : null;
  } catch {
    return null;
  }
}

function pathTarget(params: unknown): AuditEntry['target'] {
  const named = (params ?? {}) as Record<string, unknown>;
  const transactionId = named.transactionId ?? named.transaction_id;
  const orderId = named.orderId ?? named.order_id;
  if (typeof transactionId === 'string') return { type: 'transaction', id: transactionId };
  if (typeof orderId === 'string') return { type: 'order', id: orderId };
  if (typeof named.linkId === 'string') return { type: 'payment_link', id: named.linkId };
  return null;
}
