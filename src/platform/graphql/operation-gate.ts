import { type DocumentNode, type ExecutionResult, GraphQLError } from 'graphql';
import type { Actor } from '../auth/actor.ts';
import type { Charge, CostBudget, ThrottleStatus } from '../limits/cost-budget.ts';
import type { OperationLimits, OperationRequest } from './limits.ts';
import type { DocumentRequest, TrustedDocuments } from './trusted-documents.ts';

/**
 * What every GraphQL operation passes before it is parsed or run, over HTTP and WebSocket alike: the trusted
 * documents (a `documentId` becomes its document; a session may only run the manifest's), the limits (limits.ts),
 * and the project's cost budget (platform/limits/cost-budget.ts), which takes the operation's requested cost.
 */
export interface OperationGate {
  trusted?: TrustedDocuments;
  limits?: OperationLimits;
  budget?: CostBudget;
}

/** `extensions.cost` of a response, in the shape of Shopify's Admin API. */
export interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus | null;
}

/** An operation let through: what it was charged, to settle once it ran (null: no cost to account). */
export interface Charged {
  projectId: string;
  requested: number;
  budget: CostBudget | null;
  limits: OperationLimits;
}

export type Admission =
  | { admitted: true; charged: Charged | null }
  | {
      admitted: false;
      error: GraphQLError;
      /** The HTTP status to answer with: 429 when throttled, else 400. */
      status: number;
      /** Seconds to wait (throttled). */
      retryAfterSeconds?: number;
      cost?: CostExtension;
    };

/** Runs the gate on one operation (its `query` is replaced in place when it names a trusted document). */
export async function admitOperation(
  gate: OperationGate,
  request: OperationRequest & DocumentRequest,
  actor: Actor,
): Promise<Admission> {
  const untrusted = gate.trusted?.admit(request, actor);
  if (untrusted) return { admitted: false, error: untrusted, status: 400 };
  if (!gate.limits) return { admitted: true, charged: null };
  const refused = gate.limits.check(request);
  if (refused) return { admitted: false, error: refused, status: 400 };
  const requested = gate.limits.requestedCost(request);
  if (typeof requested !== 'number') return { admitted: true, charged: null };
  const budget = gate.budget?.enabled ? gate.budget : null;
  const charged: Charged = { projectId: actor.projectId, requested, budget, limits: gate.limits };
  if (!budget || requested === 0) return { admitted: true, charged };
  const charge = await budget.charge(actor.projectId, requested);
  if (charge.granted) return { admitted: true, charged };
  return { admitted: false, ...overBudget(requested, charge) };
}

/** An operation the budget refused: MAX_COST_EXCEEDED (400) when it never fits, else THROTTLED (429). */
function overBudget(
  requested: number,
  charge: Exclude<Charge, { granted: true }>,
): { error: GraphQLError; status: number; retryAfterSeconds?: number; cost: CostExtension } {
  const cost = { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: charge.status };
  if (charge.exceedsMaximum) {
    const error = new GraphQLError(
      `The operation costs ${requested}, more than the budget of ${charge.status.maximumAvailable} points ` +
        'an operation may ever use: ask for fewer items (first) or fields',
      { extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: charge.status.maximumAvailable } },
    );
    return { error, status: 400, cost };
  }
  const seconds = charge.retryAfterMs / 1000;
  const error = new GraphQLError(
    `Throttled: the operation costs ${requested} points and the project's budget holds ` +
      `${charge.status.currentlyAvailable} now (${charge.status.restoreRate} are restored per second): retry in ` +
      `${seconds.toFixed(1)} s`,
    { extensions: { code: 'THROTTLED', retryAfterMs: charge.retryAfterMs } },
  );
  return { error, status: 429, retryAfterSeconds: Math.max(1, Math.ceil(seconds)), cost };
}

/**
 * Charges one event a subscription replays from its resume point (`afterEvent`): the subscription was charged
 * its requested cost once, when it started, for what one payload costs; a replay sends a payload per past event,
 * each read and built for this subscriber alone, so each costs that again (at least 1), before any work is done
 * for it. Null: go on. Else the subscription's last result: THROTTLED with `retryAfterMs` and `extensions.cost`
 * (the client resumes after the last event it got once the bucket refilled). Live events cost nothing more: one
 * execution serves every subscriber (shared-subscriptions.ts), and they come only as fast as things happen.
 */
export async function chargeReplayedEvent(charged: Charged): Promise<ExecutionResult | null> {
  if (!charged.budget) return null;
  const requested = Math.max(1, charged.requested);
  const charge = await charged.budget.charge(charged.projectId, requested);
  if (charge.granted) return null;
  const { error, cost } = overBudget(requested, charge);
  return { errors: [error], extensions: { cost } };
}

/**
 * Settles an operation that ran: its actual cost (the same analysis over what the response holds), the points
 * it did not use given back, and the `extensions.cost` to answer with.
 */
export function settleOperation(
  charged: Charged,
  document: DocumentNode | undefined,
  operationName: string | undefined,
  variables: unknown,
  data: Record<string, unknown> | null | undefined,
): CostExtension {
  const actual = document
    ? charged.limits.costAnalysis.actual(document, operationName, variables, data ?? null)
    : null;
  const unused = actual === null ? 0 : Math.max(0, charged.requested - actual);
  const throttleStatus = charged.budget ? charged.budget.refund(charged.projectId, unused) : null;
  return { requestedQueryCost: charged.requested, actualQueryCost: actual, throttleStatus };
}
