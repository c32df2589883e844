import { invalid } from '../../platform/errors/domain-error.ts';
import type { OrderStatus, TransactionStatus } from '../orders/index.ts';
import { describeMoney } from '../orders/index.ts';
import { CREDIT_CARD } from './credit-card.ts';
import {
  alreadyCaptured,
  alreadyVoided,
  authorizationExpired,
  notAPreAuthorization,
  notAuthorized,
} from './errors.ts';

export const HAS_CAPTURES = 'has-captures';
export const HAS_VOIDS = 'has-voids';

/**
 * How much of a pre-authorization a capture may take, and when the rest is released. Pure: the caller loads
 * the facts under the original order's row lock, so racing captures see each other and never exceed the
 * authorization.
 *
 * - A pre-authorization may be captured several times while the captures' sum stays within the authorized
 *   amount; each capture is an order of its own.
 * - A capture is final when it says so (`final: true`) or takes everything left: the rest is released and the
 *   authorization can no longer be captured or voided.
 * - A void releases whatever is left (the whole authorization when nothing was captured).
 */

/** What decides whether a transaction is a pre-authorization that can still be captured or voided. */
export interface PreAuthorizationFacts<A extends Authorization = Authorization> {
  orderFlags: readonly string[];
  transaction: {
    paymentMethod: string;
    captureMode: string | null;
    status: TransactionStatus;
    isCapturable: boolean;
  };
  /** Its card authorization; null when it has none. */
  authorization: A | null;
  at: Date;
}

/**
 * Refuses a capture or void of a transaction that is no pre-authorization still open (the errors a capture or
 * void answers, in this order): another method or automatic capture, already voided, finally captured, not
 * authorized, past its capture period; else answers the authorization. The commands (pre-authorization.ts) and
 * the order's `availableActions` (back-office/order-actions.ts) both ask here.
 */
export function refusePreAuthorizationFollowUp<A extends Authorization>(facts: PreAuthorizationFacts<A>): A {
  const { transaction, authorization } = facts;
  if (transaction.paymentMethod !== CREDIT_CARD || transaction.captureMode !== 'manual') {
    throw notAPreAuthorization();
  }
  if (facts.orderFlags.includes(HAS_VOIDS)) throw alreadyVoided();
  // Captured and no longer capturable: a final capture (or the full amount) ended the authorization.
  if (transaction.status === 'captured' && !transaction.isCapturable) throw alreadyCaptured();
  const authorizedStatus = transaction.status === 'accepted' || transaction.status === 'captured';
  if (!authorizedStatus || !authorization) throw notAuthorized();
  const expired =
    authorization.capturableUntil && authorization.capturableUntil.getTime() <= facts.at.getTime();
  if (expired) throw authorizationExpired();
  if (!transaction.isCapturable) throw notAuthorized();
  return authorization;
}

/** A card authorization, as far as captures care: until when it may be captured. */
interface Authorization {
  capturableUntil?: Date | null;
}

/** What a capture or void needs to know about the pre-authorization. */
export interface CaptureFacts {
  /** The authorized amount in minor units. */
  authorized: number;
  currency: string;
  /** The capture orders already created from the original order. */
  captures: readonly { amount: number; status: OrderStatus }[];
}

export interface CaptureDecision {
  amount: number;
  /** Whether the capture ends the authorization (the rest, if any, is released). */
  final: boolean;
}

/** Captured so far: completed captures (a refused capture moved nothing). */
export function capturedAmount(facts: CaptureFacts): number {
  return facts.captures
    .filter((capture) => capture.status === 'completed')
    .reduce((sum, capture) => sum + capture.amount, 0);
}

/** What is still authorized and not captured. */
export function capturableAmount(facts: CaptureFacts): number {
  return Math.max(0, facts.authorized - capturedAmount(facts));
}

/** The amount and finality of a capture; `requested` defaults to everything left. */
export function decideCapture(
  facts: CaptureFacts,
  request: { amount?: number; final?: boolean },
): CaptureDecision {
  const left = capturableAmount(facts);
  const amount = request.amount ?? left;
  if (amount < 1 || amount > left) {
    const captured = capturedAmount(facts);
    const most = describeMoney(left, facts.currency);
    throw invalid(
      'amount',
      captured === 0
        ? `must be between 1 minor unit and the authorized amount of ${most}`
        : `must be between 1 minor unit and the amount still capturable of ${most} ` +
            `(${describeMoney(facts.authorized, facts.currency)} authorized, ` +
            `${describeMoney(captured, facts.currency)} captured)`,
      undefined,
      'too_big',
    );
  }
  return { amount, final: request.final === true || amount === left };
}

/** A void releases what no capture took. */
export function decideVoid(facts: CaptureFacts): CaptureDecision {
  return { amount: capturableAmount(facts), final: true };
}
