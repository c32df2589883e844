import { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { text } from '../../../platform/validation/text.ts';
import { OrderRepository } from '../../orders/index.ts';
import { refundRefused, refusal } from '../errors.ts';
import { createRefundInputSchema } from '../refund-input.ts';
import { chargeablePaymentOf } from '../refund-rules.ts';
import { type DisputeResult, receiveAcquirerNotification } from './receive-acquirer-notification.ts';

const amountSchema = createRefundInputSchema.shape.amount;

export const chargebackInputSchema = z.strictObject({
  amount: amountSchema.meta({
    description:
      "How much the cardholder disputes, an integer in the order's minor units, at least 1 and at most what is paid and not yet refunded or charged back.",
  }),
  /** The card scheme's dispute reason, e.g. `10.4` (Visa, fraud) or `4853` (Mastercard, not as described). */
  reason_code: text({ min: 1, max: 32, trim: true }).meta({
    description:
      "The card scheme's dispute reason, 1 to 32 characters, such as `10.4` (Visa, fraud) or `4853` (Mastercard, not as described).",
  }),
});

export const reversalInputSchema = z.strictObject({
  amount: amountSchema.meta({
    description:
      "How much of the chargeback the merchant won back, an integer in the order's minor units, at least 1 and at most what the chargeback still disputes.",
  }),
});

/**
 * Test projects only (the face answers 404 to live keys): `POST /v1/test/orders/{order_id}/chargebacks/`
 * plays the acquirer's chargeback notice for the order's paid transaction, through the same inbound path a
 * real acquirer's notice takes.
 */
export async function simulateChargeback(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'operation'>,
  actor: Actor,
  orderId: string,
  body: unknown,
): Promise<DisputeResult> {
  const input = parseOrThrow(chargebackInputSchema, body ?? {});
  const { order, transactions } = await loadOwnOrder(deps, actor, orderId);
  // The paid attempt of the order (refund-rules.ts checks it again under the lock).
  const paid = chargeablePaymentOf(transactions);
  if (order.kind !== 'payment' || !paid) {
    throw refundRefused(refusal.order_not_paid, 'Only a paid payment order can be charged back');
  }
  return receiveAcquirerNotification(deps, {
    kind: 'chargeback',
    transactionId: paid.id,
    amount: input.amount,
    currency: order.currency,
    reasonCode: input.reason_code,
  });
}

/**
 * Test projects only: `POST /v1/test/orders/{chargeback_order_id}/reversals/` plays the acquirer's notice that
 * the merchant won the dispute of a chargeback order, for `amount` of it.
 */
export async function simulateReversal(
  deps: Pick<Deps, 'db' | 'now' | 'config' | 'operation'>,
  actor: Actor,
  chargebackOrderId: string,
  body: unknown,
): Promise<DisputeResult> {
  const input = parseOrThrow(reversalInputSchema, body ?? {});
  const { order, transactions } = await loadOwnOrder(deps, actor, chargebackOrderId);
  if (order.kind !== 'chargeback' || !transactions[0]) {
    throw refundRefused(refusal.not_a_chargeback, 'Only a chargeback order can be reversed');
  }
  return receiveAcquirerNotification(deps, {
    kind: 'reversal',
    chargebackTransactionId: transactions[0].id,
    amount: input.amount,
    currency: order.currency,
  });
}

/** The caller's order with its transactions; another project's answers like a missing one (404). */
function loadOwnOrder(deps: Pick<Deps, 'db'>, actor: Actor, orderId: string) {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.findOrder(actor.projectId, orderId);
    if (!order) throw notFound('Order', 'order_id');
    return { order, transactions: await orders.transactionsOf(order.id) };
  });
}
