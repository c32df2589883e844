/**
 * How much of an order the merchant can still give back (spec 4.3), as the order page shows it and the refund
 * dialog offers it. The server decides; these figures only pre-fill and explain, so a refund the server refuses
 * (a chargeback taken meanwhile, another refund in flight) still comes back as its own clear user error.
 */

interface PaymentLike {
  id: string;
  amount: number;
  status: string;
  isCapturable: boolean;
  refundOfTransactionId?: string | null;
  captureOfTransactionId?: string | null;
  voidOfTransactionId?: string | null;
}

interface RefundLike {
  amount: number;
  status: string;
  transactions?: readonly { refundOfTransactionId?: string | null }[];
}

export interface RefundableOrder<P extends PaymentLike = PaymentLike> {
  amount: number;
  status: string;
  refundedAmount: number;
  transactions: readonly P[];
  refunds: readonly RefundLike[];
}

/** One payment of a `SEE_TRANSACTIONS` order and what is left to refund of it. */
export interface RefundTarget<P extends PaymentLike = PaymentLike> {
  payment: P;
  refundable: number;
}

/** A refund holds its share of the balance until it has failed: one still processing counts as given back. */
const holds = (refund: RefundLike) => refund.status !== 'ERROR';

/**
 * The payments a refund can name on an order the customer paid more than once (`SEE_TRANSACTIONS`): approved
 * payments, not authorizations still waiting for capture, not the capture, void or refund records themselves.
 */
export function refundTargets<P extends PaymentLike>(order: RefundableOrder<P>): RefundTarget<P>[] {
  if (order.status !== 'SEE_TRANSACTIONS') return [];
  return order.transactions
    .filter(
      (t) =>
        t.status === 'ACCEPTED' &&
        !t.isCapturable &&
        !t.refundOfTransactionId &&
        !t.captureOfTransactionId &&
        !t.voidOfTransactionId,
    )
    .map((payment) => {
      const held = order.refunds
        .filter((r) => holds(r) && r.transactions?.some((t) => t.refundOfTransactionId === payment.id))
        .reduce((sum, r) => sum + r.amount, 0);
      return { payment, refundable: Math.max(0, payment.amount - held) };
    });
}

/**
 * What can still be refunded: the order's amount less what refunds hold (or the order's refunded amount, which
 * also counts chargebacks, when larger); on a `SEE_TRANSACTIONS` order, the sum over its payments.
 */
export function refundableAmount(order: RefundableOrder): number {
  if (order.status === 'SEE_TRANSACTIONS') {
    return refundTargets(order).reduce((sum, target) => sum + target.refundable, 0);
  }
  const held = order.refunds.filter(holds).reduce((sum, r) => sum + r.amount, 0);
  return Math.max(0, order.amount - Math.max(held, order.refundedAmount));
}
