import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository, type UnitOfWork } from '../../platform/db/repository.ts';
import { Order } from './order.entity.ts';
import type { OrderView } from './order-view.ts';
import { OrderViewRepository, WHOLE_VIEW } from './order-views.repository.ts';
import { OPEN_TRANSACTION_STATUSES } from './state-machine.ts';
import { Transaction } from './transaction.entity.ts';

/**
 * Orders past their deadline that expiry still acts on (expire-order.ts): open ones, and `see-transactions` ones
 * with an attempt still open ($3: OPEN_TRANSACTION_STATUSES). The order statuses are literals so that each branch
 * matches its partial index on `expires_at`.
 */
const OVERDUE_ORDER_IDS = preparedStatement(
  'orders.overdue_ids',
  `select id from (
     (select id, expires_at from orders
       where status in ('new', 'processing') and expires_at <= $1 order by expires_at limit $2)
     union all
     (select o.id, o.expires_at from orders o
       where o.status = 'see-transactions' and o.expires_at <= $1
         and exists (select 1 from transactions t where t.order_id = o.id and t.status = any($3::text[]))
       order by o.expires_at limit $2)
   ) due order by expires_at limit $2`,
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * Reads of orders and transactions (finders and views). It writes nothing: every change to an order goes
 * through `OrderWriteRepository` (lock, change set, one statement; order-writes.repository.ts).
 */
export class OrderRepository extends Repository {
  readonly #views: OrderViewRepository;

  constructor(uow: UnitOfWork) {
    super(uow);
    this.#views = new OrderViewRepository(uow);
  }

  /** Another project's order is reported exactly as a missing one. */
  findOrder(projectId: string, orderId: string): Promise<Order | null> {
    if (!isUuid(orderId)) return Promise.resolve(null);
    return this.em.findOne(Order, { id: orderId, projectId });
  }

  /** Loads an order without a tenant check: only for customer-facing flows keyed by the order id itself. */
  findOrderById(orderId: string): Promise<Order | null> {
    if (!isUuid(orderId)) return Promise.resolve(null);
    return this.em.findOne(Order, { id: orderId });
  }

  /** Several orders by id without a tenant check (the caller checks each one's project). */
  findOrdersByIds(orderIds: string[]): Promise<Order[]> {
    const ids = orderIds.filter(isUuid);
    if (ids.length === 0) return Promise.resolve([]);
    return this.em.find(Order, { id: { $in: ids } });
  }

  findTransaction(orderId: string, transactionId: string): Promise<Transaction | null> {
    if (!isUuid(transactionId)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { id: transactionId, orderId });
  }

  /** A transaction by its id alone: only for customer-facing pages keyed by the (unguessable) id itself. */
  findTransactionById(transactionId: string): Promise<Transaction | null> {
    if (!isUuid(transactionId)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { id: transactionId });
  }

  findTransactionBySetupToken(setupToken: string): Promise<Transaction | null> {
    if (!isUuid(setupToken)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { setupToken });
  }

  findTransactionForProject(projectId: string, transactionId: string): Promise<Transaction | null> {
    if (!isUuid(transactionId)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { id: transactionId, projectId });
  }

  transactionsOf(orderId: string): Promise<Transaction[]> {
    return this.em.find(Transaction, { orderId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  relatedOrdersOf(orderId: string): Promise<Order[]> {
    return this.em.find(Order, { relatedOrderId: orderId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** The view of an order in hand, read in one statement (order-views.repository.ts). */
  async loadView(order: Pick<Order, 'id'>): Promise<OrderView> {
    const [view] = await this.loadViews([order]);
    return view!;
  }

  /**
   * The views of orders in hand (found with their tenant check), in the same order, read in one statement
   * whatever their number; inside a transaction it sees what the transaction wrote.
   */
  loadViews(orders: readonly Pick<Order, 'id'>[]): Promise<OrderView[]> {
    return this.#views.readViews(
      null,
      orders.map((order) => order.id),
      WHOLE_VIEW,
    );
  }

  /** Orders past their deadline that expiry still acts on (OVERDUE_ORDER_IDS), oldest deadline first. */
  async overdueOrderIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.prepared<{ id: string }>(OVERDUE_ORDER_IDS, [
      now,
      limit,
      OPEN_TRANSACTION_STATUSES,
    ]);
    return rows.map((row) => row.id);
  }
}
