import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order, PaymentMethodCatalog } from '../../orders/index.ts';
import {
  closeOrder,
  isFinalOrderStatus,
  isUuid,
  OrderChanges,
  OrderWriteRepository,
} from '../../orders/index.ts';
import { customerMayCancel, orderPageStateOf } from '../page-for-state.ts';
import { orderPageFactsOf } from './load-order-page.ts';

/**
 * The customer gives up on a hosted order ("Cancel payment" on the order page): the order becomes `cancelled`
 * (spec 3.1: final, no payment), and so does an attempt still waiting for its challenge. An order that is
 * already paid, closed, or has an attempt running elsewhere is left as it is; one past its expiry is expired.
 * Own-checkout orders are the shop's to cancel, never the customer's.
 */
export async function cancelHostedOrder(
  deps: Deps & { paymentMethods: PaymentMethodCatalog },
  orderId: string,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound('Order');
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, orderId, orders);
    if (!locked) throw notFound('Order');
    const { order, transactions } = locked;
    const at = deps.now();
    const state = orderPageStateOf(await orderPageFactsOf(uow, order, deps.paymentMethods), transactions, at);
    if (state.kind === 'closed' && state.outcome === 'expired' && !isFinalOrderStatus(order.status)) {
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
    } else if (customerMayCancel(order, transactions, at)) {
      closeOrder({ orders, at, source: 'customer' }, order, transactions, 'cancelled');
    }
    await writes.save(orders);
    return order;
  });
}
