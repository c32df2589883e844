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
import { AttemptBrowserRepository, type BrowserHash } from '../attempt-browsers.repository.ts';
import { customerMayCancel, orderPageStateOf } from '../page-for-state.ts';
import { orderPageFactsOf } from './load-order-page.ts';

/**
 * The customer gives up on a hosted order ("Cancel payment" on the order page): the order becomes `cancelled`
 * (spec 3.1: final, no payment), and so does an attempt still waiting for its challenge. An order that is
 * already paid, closed, or has an attempt running elsewhere (or one another browser started: `browser` is the
 * hash of this browser's payer cookie) is left as it is; one past its expiry is expired. Own-checkout orders are
 * the shop's to cancel, never the customer's.
 */
export async function cancelHostedOrder(
  deps: Deps & { paymentMethods: PaymentMethodCatalog },
  orderId: string,
  browser: BrowserHash | null,
): Promise<Order> {
  if (!isUuid(orderId)) throw notFound('Order');
  return deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(null, orderId, orders);
    if (!locked) throw notFound('Order');
    const { order, transactions } = locked;
    const at = deps.now();
    const [facts, startedHere] = await Promise.all([
      orderPageFactsOf(uow, order, deps.paymentMethods),
      new AttemptBrowserRepository(uow).startedBy(order.id, browser, transactions),
    ]);
    const state = orderPageStateOf(facts, transactions, at, { startedHere });
    if (state.kind === 'closed' && state.outcome === 'expired' && !isFinalOrderStatus(order.status)) {
      closeOrder({ orders, at, source: 'expiry' }, order, transactions, 'expired');
    } else if (customerMayCancel(order, transactions, at, startedHere)) {
      closeOrder({ orders, at, source: 'customer' }, order, transactions, 'cancelled');
    }
    await writes.save(orders);
    return order;
  });
}
