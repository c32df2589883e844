import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order, PaymentMethodCatalog } from '../../orders/index.ts';
import { OrderRepository } from '../../orders/index.ts';
import { ProjectRepository } from '../../projects/index.ts';
import { AttemptBrowserRepository, type BrowserHash } from '../attempt-browsers.repository.ts';
import {
  type OrderPageFacts,
  type OrderPageState,
  type OrderPageView,
  orderPageStateOf,
} from '../page-for-state.ts';

type PageDeps = Pick<Deps, 'db' | 'now'> & { paymentMethods: PaymentMethodCatalog };

/**
 * The order page as the browser with hash `browser` (null: no payer cookie) sees it: the details of the
 * attempts it started, and of no other.
 */
export async function loadOrderPage(
  deps: PageDeps,
  orderId: string,
  browser: BrowserHash | null,
  view: Omit<OrderPageView, 'startedHere'> = {},
): Promise<OrderPageState> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.findOrderById(orderId);
    if (!order) throw notFound('Order');
    const [facts, transactions, startedHere] = await Promise.all([
      orderPageFactsOf(uow, order, deps.paymentMethods),
      orders.transactionsOf(order.id),
      new AttemptBrowserRepository(uow).startedBy(order.id, browser),
    ]);
    return orderPageStateOf(facts, transactions, deps.now(), { ...view, startedHere });
  });
}

/** The facts of an order found by another page (the payment page knows its order through the transaction). */
export function loadOrderPageFacts(deps: PageDeps, order: Order): Promise<OrderPageFacts> {
  return deps.db.read((uow) => orderPageFactsOf(uow, order, deps.paymentMethods));
}

export async function orderPageFactsOf(
  uow: UnitOfWork,
  order: Order,
  catalog: PaymentMethodCatalog,
): Promise<OrderPageFacts> {
  const projects = new ProjectRepository(uow);
  const [project, merchant] = await Promise.all([
    projects.findProject(order.projectId),
    projects.findMerchant(order.merchantId),
  ]);
  // The project's methods now, not at the order's creation: a method the merchant turned off is not offered.
  const active = project?.paymentMethods ?? [];
  const offered = order.paymentMethods?.filter((method) => active.includes(method)) ?? active;
  const methods = catalog.ids.filter(
    (method) => offered.includes(method) && catalog.acceptsCurrency(method, order.currency),
  );
  const isTest = order.flags.includes('is-test');
  const mode = isTest ? 'test' : 'live';
  return {
    order,
    merchantName: merchant?.name ?? project?.name ?? '',
    methods,
    redirects: methods.filter((method) => catalog.redirectOf(method)?.modes.includes(mode)),
    isTest,
  };
}
