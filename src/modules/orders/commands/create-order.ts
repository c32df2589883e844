import { nameAuditTarget } from '../../../platform/audit/audit-trail.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import { detached } from '../../../platform/db/joined-writes.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { refuseWebhookUrl, targetPolicyFor } from '../../../platform/security/outbound-targets.ts';
import { bankNotConnected } from '../errors.ts';
import { Order } from '../order.entity.ts';
import type { ValidCreateOrderInput } from '../order-input.ts';
import type { OrderView } from '../order-view.ts';
import { OrderViewRepository, WHOLE_VIEW } from '../order-views.repository.ts';
import { OrderChanges, OrderWriteRepository } from '../order-writes.repository.ts';
import type { OrderDeps, OrderOwner, PaymentMethodCatalog } from '../payment-methods.ts';
import { issueSetupToken } from '../setup-token.ts';
import { recordNewOrder, recordNewTransaction } from '../status-changes.ts';
import { Transaction } from '../transaction.entity.ts';

const TRANSACTION = 'transactions.0';

/**
 * `POST /v1/orders/` and `createOrder` (spec 4.1): with no transaction the customer picks a method on the hosted
 * page (`order_url`); with exactly one the merchant drives the payment itself (own checkout), and its payment
 * method's handler runs (e.g. a one-click card payment is authorized in the creating transaction).
 *
 * Parse and decide, build the order and its transaction into one change set, let the method's handler add to
 * it (`onCreate`: it may read, e.g. a stored card, and act, e.g. a one-click authorization), then write
 * everything at once: the order, its transaction and events, the outbox rows, the method's rows (a card
 * authorization), as ONE statement in autocommit (atomic by itself: no BEGIN/COMMIT round trips). No expiry
 * timer: the expiry sweep finds an open order by its deadline (orders/expiry-sweep.ts).
 *
 * `options.paymentLinkId` records the payment link the order comes from, and `options.within` writes the order
 * in the caller's database transaction instead of its own (the payment link's row lock is held across it).
 */
export async function createOrder<D extends Deps>(
  deps: OrderDeps<D>,
  actor: OrderOwner,
  input: unknown,
  options: { paymentLinkId?: string; within?: UnitOfWork } = {},
): Promise<OrderView> {
  const { paymentMethods } = deps;
  const data = parseOrThrow(paymentMethods.orderInput, input);
  const transactionInput = data.transactions?.[0];
  const method = transactionInput ? paymentMethods.handler(transactionInput.payment_method) : undefined;
  method?.checkDetails?.(transactionInput?.payment_method_details, `${TRANSACTION}.payment_method_details`);
  refuseWhatTheProjectCannotUse(deps, actor, data);
  refuseCurrenciesTheMethodsCannotPay(paymentMethods, data);
  // A bank redirect (iDEAL): the customer pays on the bank's page, the transaction's `payment_url`.
  const redirect = transactionInput ? paymentMethods.redirectOf(transactionInput.payment_method) : null;
  if (redirect && !redirect.modes.includes(actor.mode)) {
    throw bankNotConnected(transactionInput!.payment_method, actor.mode);
  }
  // The order's ids derive from the Idempotency-Key: a retry authorizes a one-click payment under the same
  // transaction id (no second hold at the acquirer), and a retry of a request whose write committed presents it.
  const operation = operationOf(deps);
  if (operation.recovered?.point === 'order_created') {
    const orderId = String(operation.recovered.data.orderId);
    const [existing] = await deps.db.read((uow) =>
      new OrderViewRepository(uow).readViews(actor.projectId, [orderId], WHOLE_VIEW),
    );
    if (existing) return existing;
  }

  const at = deps.now();
  const order = Order.createPayment({
    projectId: actor.projectId,
    merchantId: actor.merchantId,
    mode: actor.mode,
    checkout: transactionInput ? 'own' : 'hosted',
    currency: data.currency,
    amount: data.amount,
    expirationPeriod: data.expiration_period ?? deps.config.orderDefaultExpiration,
    at,
    merchantOrderId: data.merchant_order_id,
    description: data.description,
    paymentMethods: data.payment_methods,
    returnUrl: data.return_url,
    failureUrl: data.failure_url,
    webhookUrl: data.webhook_url,
    customer: data.customer,
    client: data.client,
    extra: data.extra,
    orderLines: data.order_lines,
    paymentLinkId: options.paymentLinkId,
    id: operation.idFor('order'),
  });
  // The CVC is deliberately not copied: it is never stored.
  const { cvc: _cvc, ...publicDetails } = transactionInput?.payment_method_details ?? {};
  const transaction = transactionInput
    ? Transaction.createPayment(order, {
        paymentMethod: transactionInput.payment_method,
        details: publicDetails,
        captureMode: transactionInput.capture_mode,
        setupToken: method?.issuesSetupToken ? issueSetupToken() : null,
        at,
        id: operation.idFor('transaction'),
      })
    : null;
  if (transaction && redirect) transaction.paymentUrl = redirect.pageUrl(deps.config.baseUrl, transaction.id);

  // Everything the new order's representation needs is in hand: it is never read back. The write relays its
  // own outbox rows: a status change's webhook delivery is queued in the same statement.
  const changes = new OrderChanges({ consumers: deps.outboxConsumers, relaysItself: true });
  recordNewOrder({ orders: changes, at }, order);
  const recovery = operation.recordPart('order_created', { orderId: order.id });
  if (recovery) changes.also(() => recovery);
  const view: OrderView = { order, transactions: [], relatedOrders: [] };
  const created = transaction
    ? { transaction, events: [recordNewTransaction({ orders: changes, at }, order, transaction)] }
    : null;
  if (created) view.transactions.push(created);
  // The method's step (e.g. a one-click authorization) happens before the write, holding no connection or
  // lock (the order is new: no one else can see it), and adds its rows to the write's one statement. Detached:
  // the request's audit entry joins that write, never a statement of the step (the acquirer's books).
  if (created && method?.onCreate) {
    const request = { actor, transaction: transactionInput!, field: TRANSACTION };
    const step = { request, changes, order, transaction: created.transaction, view: created, at };
    await detached(() => method.onCreate!(deps, step));
  }
  const authorized = created !== null && created.transaction.status !== 'new';
  const write = async (uow: UnitOfWork) => {
    // No timer: the expiry sweep finds the order by its deadline in the partial index (orders/expiry-sweep.ts).
    await new OrderWriteRepository(uow).save(changes);
    if (authorized) await crashPoint('authorize.after-commit');
    return view;
  };
  // The request's audit entry names the order, and is one more part of the write's one statement.
  nameAuditTarget({ type: 'order', id: order.id });
  if (options.within) return write(options.within);
  return deps.db.autocommit(write, { joinsInStatement: true });
}

/**
 * A method that does not pay in the order's currency (iDEAL: EUR only) is refused where it is named: the
 * transaction's method, or an entry of `payment_methods`.
 */
export function refuseCurrenciesTheMethodsCannotPay(
  catalog: PaymentMethodCatalog,
  data: Pick<ValidCreateOrderInput, 'currency' | 'payment_methods' | 'transactions'>,
): void {
  const refuse = (field: string, method: string) => {
    const accepted = catalog.currenciesOf(method);
    const list = accepted.length <= 5 ? ` (${accepted.join(', ')} only)` : '';
    return invalid(field, `'${data.currency}' is not a currency ${method} pays in${list}`);
  };
  const method = data.transactions?.[0]?.payment_method;
  if (method && !catalog.acceptsCurrency(method, data.currency)) throw refuse('currency', method);
  for (const [index, listed] of (data.payment_methods ?? []).entries()) {
    if (!catalog.acceptsCurrency(listed, data.currency)) throw refuse(`payment_methods.${index}`, listed);
  }
}

/** Methods the project has not activated, and webhook URLs its mode may not use, are refused. */
export function refuseWhatTheProjectCannotUse(
  deps: Deps,
  actor: OrderOwner,
  data: Pick<ValidCreateOrderInput, 'payment_methods' | 'webhook_url' | 'transactions'>,
): void {
  for (const [index, method] of (data.payment_methods ?? []).entries()) {
    if (!actor.paymentMethods.includes(method)) {
      throw invalid(`payment_methods.${index}`, `'${method}' is not active in this project`);
    }
  }
  const webhookProblem = data.webhook_url
    ? refuseWebhookUrl(data.webhook_url, targetPolicyFor(actor.mode, deps.config))
    : null;
  if (webhookProblem) throw invalid('webhook_url', webhookProblem);
  const method = data.transactions?.[0]?.payment_method;
  if (method && !actor.paymentMethods.includes(method)) {
    throw invalid(`${TRANSACTION}.payment_method`, `'${method}' is not active in this project`);
  }
}
