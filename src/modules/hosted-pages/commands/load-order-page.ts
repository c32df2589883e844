import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { Order } from '../../orders/order.entity.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import type { PaymentMethodCatalog } from '../../orders/payment-methods.ts';
import { isSucceededTransactionStatus, type TransactionStatus } from '../../orders/state-machine.ts';
import type { Transaction } from '../../orders/transaction.entity.ts';
import { ProjectRepository } from '../../projects/project.repository.ts';

/** What every state of the order page shows: who is paid, for what, and how the customer may pay. */
export interface OrderPageFacts {
  order: Order;
  merchantName: string;
  /** The order's `payment_methods`, else every method active in the project (spec 2.2), in registry order. */
  methods: string[];
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
 * - `challenge_pending`: an attempt waits for its 3-D Secure challenge (e.g. in another tab): no second payment;
 * - `in_progress`: an attempt is running (a wallet, or an own checkout the shop drives): nothing to do here;
 * - `closed`: paid, cancelled, expired or failed: a clear page, never a form.
 */
export type OrderPageState =
  | { kind: 'payable'; facts: OrderPageFacts; attempt: FailedAttempt | null }
  | { kind: 'challenge_pending'; facts: OrderPageFacts; paymentUrl: string }
  | { kind: 'in_progress'; facts: OrderPageFacts }
  | { kind: 'closed'; facts: OrderPageFacts; outcome: ClosedOutcome };

const OPEN: readonly TransactionStatus[] = ['new', 'pending', 'processing'];
const FAILED: readonly TransactionStatus[] = ['declined', 'error', 'cancelled', 'expired'];

type PageDeps = Pick<Deps, 'db' | 'now'> & { paymentMethods: PaymentMethodCatalog };

export async function loadOrderPage(
  deps: PageDeps,
  orderId: string,
  attemptId?: string,
): Promise<OrderPageState> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.findOrderById(orderId);
    if (!order) throw notFound('Order');
    const facts = await orderPageFactsOf(uow, order, deps.paymentMethods);
    return orderPageStateOf(facts, await orders.transactionsOf(order.id), deps.now(), attemptId);
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
  const offered = order.paymentMethods ?? project?.paymentMethods ?? [];
  return {
    order,
    merchantName: merchant?.name ?? project?.name ?? '',
    methods: catalog.ids.filter((method) => offered.includes(method)),
    isTest: order.flags.includes('is-test'),
  };
}

/**
 * Decides the page from the order and all its transactions. An order past its expiry is shown expired even
 * before the expiry timer has written it (the pay command writes it under the order's lock).
 */
export function orderPageStateOf(
  facts: OrderPageFacts,
  transactions: readonly Transaction[],
  now: Date,
  attemptId?: string,
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

  const challenged = transactions.find((t) => t.status === 'pending' && t.paymentUrl);
  if (challenged) return { kind: 'challenge_pending', facts, paymentUrl: challenged.paymentUrl! };
  if (order.checkout !== 'hosted' || transactions.some((t) => OPEN.includes(t.status))) {
    return { kind: 'in_progress', facts };
  }
  const attempt = attemptId
    ? transactions.find((t) => t.id === attemptId && FAILED.includes(t.status))
    : undefined;
  return {
    kind: 'payable',
    facts,
    attempt: attempt ? { status: attempt.status, reason: attempt.reason ?? null } : null,
  };
}
