import { notFound } from '../../platform/errors/domain-error.ts';
import type { Order, Transaction } from '../orders/index.ts';
import {
  isFailedTransactionStatus,
  isOpenTransactionStatus,
  isSucceededTransactionStatus,
  paymentPageUrl,
  type TransactionStatus,
} from '../orders/index.ts';
import type { PaymentPageState } from '../payments/index.ts';
import type { AttemptBrowser } from './attempt-browsers.repository.ts';
import { afterPaymentPage } from './destinations.ts';

/**
 * Which page a customer sees, decided from the facts alone (no I/O), for the order page (`order_url`) and the
 * payment page (`payment_url`). The routes load the facts, ask here, then render or redirect.
 */

/** What every state of the order page shows: who is paid, for what, and how the customer may pay. */
export interface OrderPageFacts {
  order: Order;
  merchantName: string;
  /**
   * The order's `payment_methods`, else every method active in the project (spec 2.2), in registry order; only
   * those that pay in the order's currency.
   */
  methods: string[];
  /** Those of `methods` that are bank redirects (iDEAL) and can be paid here: a button sends the customer on. */
  redirects: string[];
  isTest: boolean;
}

/** The customer's last failed attempt, named in the page's `?attempt=` after a post (POST-redirect-GET). */
export interface FailedAttempt {
  status: TransactionStatus;
  reason: string | null;
}

export type ClosedOutcome = 'completed' | 'cancelled' | 'expired' | 'failed';

/**
 * The order page (`order_url`):
 * - `payable`: the customer picks a method and pays (again, after a failed attempt: a hosted order stays open);
 *   `payingAgain` when they chose to pay another way while the acquirer still owes an answer on an attempt;
 * - `challenge_pending`: an attempt this browser started waits for its 3-D Secure challenge (or its bank, e.g. in
 *   another tab): no second payment;
 * - `awaiting_acquirer`: the acquirer took an attempt this browser started and answers later: the customer may
 *   wait, or choose to pay another way (the earlier attempt cannot be called off; if both succeed the order is
 *   `see-transactions`);
 * - `elsewhere`: such an attempt, but another browser started it (the same `order_url`, or a single-use payment
 *   link, opened by someone else): only that a payment is in progress, never its link, its card, or an action;
 * - `in_progress`: an attempt is running (a wallet, or an own checkout the shop drives): nothing to do here;
 * - `closed`: paid, cancelled, expired or failed: a clear page, never a form.
 */
export type OrderPageState =
  | { kind: 'payable'; facts: OrderPageFacts; attempt: FailedAttempt | null; payingAgain: boolean }
  | { kind: 'challenge_pending'; facts: OrderPageFacts; paymentUrl: string }
  | { kind: 'awaiting_acquirer'; facts: OrderPageFacts }
  | { kind: 'elsewhere'; facts: OrderPageFacts }
  | { kind: 'in_progress'; facts: OrderPageFacts }
  | { kind: 'closed'; facts: OrderPageFacts; outcome: ClosedOutcome };

/** Who looks at the order page, and what they asked for. */
export interface OrderPageView {
  /**
   * The order's attempts this browser started (its payer cookie: attempt-browsers.repository.ts): only their
   * details and actions are shown to it.
   */
  startedHere: ReadonlySet<string>;
  /** `?attempt=`: the failed attempt the page was sent back with, explained if this browser made it. */
  attemptId?: string;
  /**
   * The customer chose to pay again while an attempt waits for the acquirer (the page's link, the form's
   * field).
   */
  payAnotherWay?: boolean;
}

/**
 * Decides the page from the order and all its transactions. An order past its expiry is shown expired even
 * before the expiry sweep has written it (the pay command writes it under the order's lock).
 */
export function orderPageStateOf(
  facts: OrderPageFacts,
  transactions: readonly Transaction[],
  now: Date,
  view: OrderPageView,
): OrderPageState {
  const { order } = facts;
  // Refund, capture and void orders have no order_url.
  if (order.kind !== 'payment') throw notFound('Order');
  const closed = (outcome: ClosedOutcome) => ({ kind: 'closed' as const, facts, outcome });
  if (order.status === 'completed' || transactions.some((t) => isSucceededTransactionStatus(t.status))) {
    return closed('completed');
  }
  if (order.status === 'cancelled') return closed('cancelled');
  if (order.status === 'expired') return closed('expired');
  if (order.status === 'error') return closed('failed');
  if (order.expiresAt.getTime() <= now.getTime()) return closed('expired');

  const startedHere = (t: Transaction) => view.startedHere.has(t.id);
  const challenged = transactions.find((t) => t.status === 'pending' && t.paymentUrl);
  if (challenged) {
    if (startedHere(challenged))
      return { kind: 'challenge_pending', facts, paymentUrl: challenged.paymentUrl! };
    // An own checkout's payment_url is the shop's to give its customer, not this page's.
    return { kind: order.checkout === 'hosted' ? 'elsewhere' : 'in_progress', facts };
  }
  if (order.checkout !== 'hosted') return { kind: 'in_progress', facts };
  const running = transactions.filter((t) => isOpenTransactionStatus(t.status));
  // On a hosted order an attempt is `processing` only when the acquirer took it and answers later (the pay
  // command authorizes in the unit of work that creates the attempt): nothing we could call off.
  if (running.some((t) => t.status !== 'processing')) return { kind: 'in_progress', facts };
  // Waiting beside another browser's attempt, or paying again beside it, is that browser's choice only.
  if (running.length > 0 && !running.every(startedHere)) return { kind: 'elsewhere', facts };
  if (running.length > 0 && !view.payAnotherWay) return { kind: 'awaiting_acquirer', facts };
  const attempt = view.attemptId
    ? transactions.find(
        (t) => t.id === view.attemptId && isFailedTransactionStatus(t.status) && startedHere(t),
      )
    : undefined;
  return {
    kind: 'payable',
    facts,
    attempt: attempt ? { status: attempt.status, reason: attempt.reason ?? null } : null,
    payingAgain: running.length > 0,
  };
}

/**
 * Whether the customer's "Cancel payment" on the order page (commands/cancel-order.ts) cancels the order now:
 * a hosted payment order that is payable, or whose attempt started in this browser waits for its 3-D Secure
 * challenge. Another browser's attempt in progress is not this browser's to call off.
 */
export function customerMayCancel(
  order: Order,
  transactions: readonly Transaction[],
  now: Date,
  startedHere: ReadonlySet<string>,
): boolean {
  if (order.kind !== 'payment' || order.checkout !== 'hosted') return false;
  const facts: OrderPageFacts = { order, merchantName: '', methods: [], redirects: [], isTest: false };
  const state = orderPageStateOf(facts, transactions, now, { startedHere });
  return state.kind === 'payable' || state.kind === 'challenge_pending';
}

/**
 * What the payment page does for a state: send the customer on, or show one of its pages (`elsewhere`: the
 * attempt is another browser's, so only that a payment is in progress).
 */
export type PaymentPageStep =
  | { kind: 'redirect'; location: string }
  | { kind: 'outcome'; outcome: ClosedOutcome }
  | { kind: 'challenge' }
  | { kind: 'card_form'; status: 200 | 400 }
  | { kind: 'waiting' }
  | { kind: 'elsewhere' };

/**
 * The payment page (`payment_url`) for a state. A finished payment sends the customer on (destinations.ts),
 * or shows its result where there is nowhere to go. An attempt in progress that another browser started on the
 * order page shows none of its details (`browser`: attempt-browsers.repository.ts; an own checkout's has none).
 * After a post the page redirects to itself (POST-redirect-GET), except a refused card form, which is shown
 * again with its problems (400).
 */
export function paymentPageFor(
  state: PaymentPageState,
  request: { baseUrl: string; posted: boolean; refused: boolean; browser: AttemptBrowser },
): PaymentPageStep {
  if (state.kind === 'finished') {
    const next = afterPaymentPage(request.baseUrl, state);
    if (next) return { kind: 'redirect', location: next };
    return { kind: 'outcome', outcome: outcomeOf(state.transaction.status, state.succeeded) };
  }
  if (request.browser === 'another') return { kind: 'elsewhere' };
  if (request.posted && !(state.kind === 'card_form' && request.refused)) {
    return { kind: 'redirect', location: paymentPageUrl(request.baseUrl, state.transaction.id) };
  }
  if (state.kind === 'card_form') return { kind: 'card_form', status: request.refused ? 400 : 200 };
  return { kind: state.kind };
}

function outcomeOf(status: TransactionStatus, succeeded: boolean): ClosedOutcome {
  if (succeeded) return 'completed';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'expired') return 'expired';
  return 'failed';
}
