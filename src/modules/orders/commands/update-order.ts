import type { Deps } from '../../../platform/deps.ts';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { refuseWebhookUrl, targetPolicyFor } from '../../../platform/security/outbound-targets.ts';
import { merchantCancelRefusal } from '../cancel-rules.ts';
import { addIsoDuration } from '../duration.ts';
import { orderFinal, orderNotUpdatable } from '../errors.ts';
import type { JsonObject, Order } from '../order.entity.ts';
import { OrderRepository } from '../order.repository.ts';
import { lineInOtherCurrency } from '../order-lines.ts';
import { updateOrderInputSchema, type ValidUpdateOrderInput } from '../order-update-input.ts';
import type { OrderView } from '../order-view.ts';
import { OrderViewRepository, WHOLE_VIEW } from '../order-views.repository.ts';
import { OrderChanges, OrderWriteRepository } from '../order-writes.repository.ts';
import type { OrderOwner } from '../payment-methods.ts';
import { isFinalOrderStatus } from '../state-machine.ts';
import { closeOrder } from '../status-changes.ts';

/** The recovery point of an update under an Idempotency-Key: the update committed. */
const ORDER_UPDATED = 'order_updated';

/**
 * `PUT /v1/orders/{order_id}/` and `updateOrder` (order-update-input.ts says what may change). Under the order's
 * row lock: a final order is refused (409); the fields sent replace the stored ones; `status: "cancelled"`
 * closes an order without an accepted payment through the state machine (its open transactions end too; events,
 * the outbox row and so the webhook go in this same database transaction); a new `expiration_period` moves the
 * deadline, which the expiry sweep reads from the row.
 *
 * Under an Idempotency-Key it is a one-phase operation (platform/operations/idempotent-operation.ts): its
 * transaction records the recovery point, so a retry after an answer that was lost answers the order as the
 * update left it (a cancel's retry the cancelled order, not "the order is final"), and a request that outlived
 * its key's lease cannot commit beside the retry that took the key over.
 */
export async function updateOrder(
  deps: Deps,
  actor: OrderOwner,
  orderId: string,
  input: unknown,
): Promise<OrderView> {
  const data = parseOrThrow(updateOrderInputSchema, input);
  if (data.webhook_url) {
    const problem = refuseWebhookUrl(data.webhook_url, targetPolicyFor(actor.mode, deps.config));
    if (problem) throw invalid('webhook_url', problem);
  }
  const operation = operationOf(deps);
  if (operation.recovered?.point === ORDER_UPDATED) {
    const [updated] = await deps.db.read((uow) =>
      new OrderViewRepository(uow).readViews(actor.projectId, [orderId], WHOLE_VIEW),
    );
    if (updated) return updated;
  }
  const view = await deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(actor.projectId, orderId, orders);
    if (!locked) throw notFound('Order', 'order_id');
    const { order, transactions } = locked;
    if (order.kind !== 'payment') throw orderNotUpdatable(order.kind);
    if (isFinalOrderStatus(order.status)) throw orderFinal(order.status);
    refuseChangesOfWhatIsFixed(order, data);

    const at = deps.now();
    const expiresAt = data.expiration_period ? newDeadline(order, data.expiration_period, at) : null;
    applyChanges(order, data);
    if (expiresAt) {
      // The expiry sweep reads the new deadline from the row (orders/expiry-sweep.ts): no timer to move.
      order.expirationPeriod = data.expiration_period!;
      order.expiresAt = expiresAt;
    }
    order.modifiedAt = at;
    if (data.status === 'cancelled' && order.status !== 'cancelled') {
      const refusal = merchantCancelRefusal(order, transactions);
      if (refusal) throw refusal;
      closeOrder({ orders, at, source: 'merchant' }, order, transactions, 'cancelled');
    }
    await writes.save(orders);
    await operation.record(uow, ORDER_UPDATED, { orderId: order.id });
    return new OrderRepository(uow).loadView(order);
  });
  await crashPoint('order-update.after-commit');
  return view;
}

/** `amount` and `currency` may be echoed as they are; a status other than the current one or `cancelled` is refused. */
function refuseChangesOfWhatIsFixed(order: Order, data: ValidUpdateOrderInput): void {
  if (data.amount !== undefined && data.amount !== order.amount) {
    throw invalid('amount', `cannot be changed on an order (it is ${order.amount})`);
  }
  if (data.currency !== undefined && data.currency !== order.currency) {
    throw invalid('currency', `cannot be changed on an order (it is ${order.currency})`);
  }
  if (data.status !== undefined && data.status !== order.status && data.status !== 'cancelled') {
    throw invalid('status', `can only be set to 'cancelled' (the order is '${order.status}')`);
  }
  const otherCurrency = lineInOtherCurrency(data.order_lines, order.currency);
  if (otherCurrency >= 0) {
    throw invalid(
      `order_lines.${otherCurrency}.currency`,
      `must be the order's currency (${order.currency})`,
    );
  }
}

/** The deadline of a new `expiration_period`, counted from the order's creation; it must lie ahead. */
function newDeadline(order: Order, period: string, now: Date): Date {
  const deadline = addIsoDuration(order.createdAt, period);
  if (!deadline || deadline.getTime() <= now.getTime()) {
    throw invalid('expiration_period', 'counted from the order’s creation, it must end in the future');
  }
  return deadline;
}

/** The fields sent replace the stored ones; null removes an optional one. */
function applyChanges(order: Order, data: ValidUpdateOrderInput): void {
  if (data.merchant_order_id !== undefined) order.merchantOrderId = data.merchant_order_id;
  if (data.description !== undefined) order.description = data.description;
  if (data.order_lines !== undefined) order.orderLines = data.order_lines as JsonObject[] | null;
  if (data.customer !== undefined) order.customer = data.customer;
  if (data.extra !== undefined) order.extra = data.extra;
  if (data.webhook_url !== undefined) order.webhookUrl = data.webhook_url;
  if (data.return_url !== undefined) order.returnUrl = data.return_url;
  if (data.failure_url !== undefined) order.failureUrl = data.failure_url;
}
