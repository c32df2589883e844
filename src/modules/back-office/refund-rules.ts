import type { Order, Transaction } from '../orders/index.ts';
import { describeMoney, isSucceededTransactionStatus, type OrderStatus } from '../orders/index.ts';
import { type BackOfficeErrorCode, refundRefused, refusal } from './errors.ts';

/**
 * When an order may be refunded or charged back and by how much (spec 4.3, 7.1, 8; issue 16). Pure: the caller
 * loads the facts while holding the original order's row lock, so the answer cannot change before the refund
 * or chargeback is written. Refunds plus chargebacks (less what reversals gave back) never exceed what was paid
 * (captured, for a pre-authorization).
 */

export interface RefundFacts {
  order: Order;
  /** Every transaction of the order. */
  transactions: Transaction[];
  /** Every order created from this one (refunds, captures, voids, chargebacks). */
  relatedOrders: Order[];
  /** Capture transactions of the order's transactions (a pre-authorization captured later). */
  captures: Transaction[];
  /** Reversal orders of the order's chargebacks (none when it has no chargeback). */
  reversals?: Order[];
  /** The paid transaction named by the caller (a refund's `transaction_id`, a chargeback's disputed one). */
  paymentId?: string;
  /**
   * The transactions of the order's refunds, which name the payment they give back on: needed only when the
   * order holds several paid transactions, each refunded on its own.
   */
  followUps?: Transaction[];
}

export interface RefundAssessment {
  /** The paid transaction a refund gives money back on. */
  payment: Transaction;
  /** The original amount, or what was captured of a pre-authorization. */
  refundable: number;
  /** Refunds accepted or still running, and chargebacks not reversed: what is no longer available. */
  committed: number;
  /** Of `committed`, what chargebacks took and reversals did not give back. */
  chargedBack: number;
  remaining: number;
}

/** A refund that failed gives nothing back, so it does not count against the original amount. */
const FAILED_ORDER_STATUSES: readonly OrderStatus[] = ['cancelled', 'expired', 'error'];

export function assessRefund(facts: RefundFacts): RefundAssessment {
  const { order } = facts;
  if (order.kind !== 'payment') {
    throw refundRefused(
      refusal.order_not_refundable,
      `Only a payment can be refunded; this is a ${order.kind} order`,
    );
  }
  const voided = facts.relatedOrders.some(
    (related) => related.kind === 'void' && !FAILED_ORDER_STATUSES.includes(related.status),
  );
  // A void after partial captures released only the rest: what was captured stays refundable.
  const captured = facts.captures.some((capture) => isSucceededTransactionStatus(capture.status));
  if (voided && !captured) {
    throw refundRefused(refusal.order_voided, 'The order was voided: there is no payment to refund');
  }
  // `see-transactions`: the customer paid and the merchant checks each transaction; a paid one can be refunded.
  if (order.status !== 'completed' && order.status !== 'see-transactions') {
    throw refundRefused(
      refusal.order_not_paid,
      `Only a completed order can be refunded; this order is '${order.status}'`,
    );
  }
  const succeeded = paidTransactionsOf(facts.transactions);
  const payment = paymentOf(succeeded, facts.paymentId);
  const refundable = refundableAmountOf(payment, facts.captures);
  // With several paid transactions each is refunded on its own: only what acted on this one counts.
  const actedOn =
    succeeded.length > 1
      ? new Set(
          (facts.followUps ?? []).filter((t) => t.refundOfTransactionId === payment.id).map((t) => t.orderId),
        )
      : null;
  const mine = (related: Order) => !actedOn || actedOn.has(related.id);
  const refunded = facts.relatedOrders
    .filter(
      (related) =>
        related.kind === 'refund' && !FAILED_ORDER_STATUSES.includes(related.status) && mine(related),
    )
    .reduce((sum, refund) => sum + refund.amount, 0);
  // A chargeback does not record which payment it disputes: it counts against each (never too much refunded).
  const chargedBack = chargedBackAmount(facts);
  const committed = refunded + chargedBack;
  return { payment, refundable, committed, chargedBack, remaining: Math.max(0, refundable - committed) };
}

/** The order's payment attempts that succeeded: one, or several on a `see-transactions` order. */
export function paidTransactionsOf(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter((t) => isPaymentTransaction(t) && isSucceededTransactionStatus(t.status));
}

/** The payment a (simulated) chargeback disputes: the order's first paid transaction, if any. */
export function chargeablePaymentOf(transactions: readonly Transaction[]): Transaction | undefined {
  return paidTransactionsOf(transactions)[0];
}

/** The paid transaction a refund acts on: the one named, else the order's only one. */
function paymentOf(succeeded: Transaction[], paymentId: string | undefined): Transaction {
  if (paymentId !== undefined) {
    const named = succeeded.find((t) => t.id === paymentId);
    if (!named) {
      throw refundRefused(
        refusal.transaction_not_paid,
        'transaction_id: is not a paid transaction of this order',
        'transaction_id',
      );
    }
    return named;
  }
  if (succeeded.length === 0) {
    throw refundRefused(refusal.order_not_paid, 'The order has no paid transaction to refund');
  }
  if (succeeded.length > 1) {
    throw refundRefused(
      refusal.transaction_required,
      `transaction_id: the order holds ${succeeded.length} paid transactions; name the one to refund`,
      'transaction_id',
    );
  }
  return succeeded[0]!;
}

/** Completed chargebacks less their completed reversals. */
export function chargedBackAmount(facts: Pick<RefundFacts, 'relatedOrders' | 'reversals'>): number {
  const total = (orders: Order[], kind: Order['kind']) =>
    orders
      .filter((order) => order.kind === kind && order.status === 'completed')
      .reduce((sum, order) => sum + order.amount, 0);
  return total(facts.relatedOrders, 'chargeback') - total(facts.reversals ?? [], 'reversal');
}

/** A payment attempt, as opposed to a capture, void or refund acting on one. */
function isPaymentTransaction(t: Transaction): boolean {
  return (
    t.creditDebit === null && !t.captureOfTransactionId && !t.voidOfTransactionId && !t.refundOfTransactionId
  );
}

/** What was captured of a paid transaction: all of it at once, or what a pre-authorization's captures took. */
export function capturedAmountOf(payment: Transaction, captures: readonly Transaction[]): number {
  if (payment.captureMode !== 'manual') return payment.amount;
  const captured = captures
    .filter((c) => c.captureOfTransactionId === payment.id && isSucceededTransactionStatus(c.status))
    .reduce((sum, capture) => sum + capture.amount, 0);
  if (captured > 0) return captured;
  // Captured in place, without a capture transaction of its own.
  return payment.status === 'captured' ? payment.amount : 0;
}

/** A pre-authorization only holds money until it is captured: its refundable amount is what was captured. */
function refundableAmountOf(payment: Transaction, captures: Transaction[]): number {
  if (payment.captureMode !== 'manual') return payment.amount;
  const captured = capturedAmountOf(payment, captures);
  if (captured > 0) return captured;
  throw refundRefused(
    refusal.order_not_captured,
    'The pre-authorization was not captured: void it to release the money instead of refunding',
  );
}

export function assertRefundAmount(
  assessment: RefundAssessment,
  amount: number,
  currency: string,
  code: BackOfficeErrorCode = refusal.refund_exceeds_remaining,
): void {
  if (amount > assessment.remaining) {
    const chargedBack = assessment.chargedBack
      ? `, ${describeMoney(assessment.chargedBack, currency)} charged back`
      : '';
    throw refundRefused(
      code,
      `amount: ${describeMoney(amount, currency)} exceeds the remaining refundable amount of ` +
        `${describeMoney(assessment.remaining, currency)}: ${describeMoney(assessment.refundable, currency)} ` +
        `paid, ${describeMoney(assessment.committed - assessment.chargedBack, currency)} already refunded or ` +
        `being refunded${chargedBack}`,
      'amount',
    );
  }
}

/** What a chargeback order still disputes: its amount less the reversals already recorded on it. */
export function reversibleAmount(chargeback: Order, reversals: Order[]): number {
  if (chargeback.kind !== 'chargeback' || chargeback.status !== 'completed') {
    throw refundRefused(refusal.not_a_chargeback, 'Only a completed chargeback order can be reversed');
  }
  const reversed = reversals
    .filter((reversal) => reversal.kind === 'reversal' && reversal.status === 'completed')
    .reduce((sum, reversal) => sum + reversal.amount, 0);
  return Math.max(0, chargeback.amount - reversed);
}
