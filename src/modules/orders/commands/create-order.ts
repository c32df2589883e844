import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../platform/auth/actor.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { refuseWebhookUrl } from '../../webhooks/delivery/target-policy.ts';
import { webhookPolicy } from '../../webhooks/webhook-policy.ts';
import { addIsoDuration } from '../duration.ts';
import { Order } from '../order.entity.ts';
import { OrderRepository } from '../order.repository.ts';
import { type CreateOrderInput, createOrderInputSchema } from '../order-input.ts';
import type { OrderView } from '../order-view.ts';
import { recordNewTransaction } from '../status-changes.ts';
import { Transaction } from '../transaction.entity.ts';

/** Methods that get a single-use `setup_token` for the vault and wallet token calls. */
const SETUP_TOKEN_METHODS = new Set(['credit-card', 'wallet-a-pay', 'wallet-b-pay']);

/** Extension points for other modules (payments), run inside the creating unit of work. */
export interface CreateOrderHooks {
  /** Fills in method-specific facts (e.g. a one-click card's `payment_url`) before the transaction is recorded. */
  prepareTransaction?: (transaction: Transaction) => void;
  /** Runs before commit, e.g. to enqueue the order's expiry timer in the same database transaction. */
  beforeCommit?: (uow: UnitOfWork, order: Order) => Promise<void>;
}

/**
 * Creates an order: with no transaction the customer picks a method on the hosted page (`order_url`);
 * with exactly one the merchant drives the payment itself (own checkout).
 */
export async function createOrder(
  deps: Deps,
  actor: Actor,
  input: CreateOrderInput | unknown,
  hooks: CreateOrderHooks = {},
): Promise<OrderView> {
  const activePaymentMethods = actor.paymentMethods;
  const data = parseOrThrow(createOrderInputSchema, input);
  const transactionInput = data.transactions?.[0];
  for (const [index, method] of (data.payment_methods ?? []).entries()) {
    if (!activePaymentMethods.includes(method)) {
      throw invalid(`payment_methods.${index}`, `'${method}' is not active in this project`);
    }
  }
  const webhookProblem = data.webhook_url
    ? refuseWebhookUrl(data.webhook_url, webhookPolicy(actor.mode, deps.config))
    : null;
  if (webhookProblem) throw invalid('webhook_url', webhookProblem);
  if (transactionInput && !activePaymentMethods.includes(transactionInput.payment_method)) {
    throw invalid(
      'transactions.0.payment_method',
      `'${transactionInput.payment_method}' is not active in this project`,
    );
  }

  const now = deps.now();
  const expirationPeriod = data.expiration_period ?? deps.config.orderDefaultExpiration;
  const order = Object.assign(new Order(), {
    id: randomUUID(),
    projectId: actor.projectId,
    merchantId: actor.merchantId,
    kind: 'payment' as const,
    merchantOrderId: data.merchant_order_id ?? null,
    description: data.description ?? null,
    currency: data.currency,
    amount: data.amount,
    status: 'new' as const,
    flags: actor.mode === 'test' ? ['is-test'] : [],
    checkout: transactionInput ? ('own' as const) : ('hosted' as const),
    expirationPeriod,
    expiresAt: addIsoDuration(now, expirationPeriod) ?? now,
    paymentMethods: data.payment_methods ?? null,
    returnUrl: data.return_url ?? null,
    failureUrl: data.failure_url ?? null,
    webhookUrl: data.webhook_url ?? null,
    customer: data.customer ?? null,
    client: data.client ?? null,
    extra: data.extra ?? null,
    refundedAmount: 0,
    relatedOrderId: null,
    createdAt: now,
    modifiedAt: now,
    completedAt: null,
  });

  return deps.db.transaction(async (uow) => {
    const orders = new OrderRepository(uow);
    orders.add(order);
    // Everything the new order's representation needs is in hand: no need to read it back.
    const view: OrderView = { order, transactions: [], relatedOrders: [] };
    if (transactionInput) {
      // The CVC is deliberately not copied: it is never stored.
      const { cvc: _cvc, ...publicDetails } = transactionInput.payment_method_details ?? {};
      const transaction = Object.assign(new Transaction(), {
        id: randomUUID(),
        orderId: order.id,
        projectId: order.projectId,
        amount: order.amount,
        currency: order.currency,
        creditDebit: null,
        paymentMethod: transactionInput.payment_method,
        paymentMethodBrand: null,
        paymentMethodDetails: publicDetails,
        captureMode: transactionInput.capture_mode ?? 'automatic',
        isCapturable: false,
        outcomes: null,
        reason: null,
        paymentUrl: null,
        setupToken: SETUP_TOKEN_METHODS.has(transactionInput.payment_method) ? randomUUID() : null,
        setupTokenUsedAt: null,
        refundOfTransactionId: null,
        voidOfTransactionId: null,
        captureOfTransactionId: null,
        createdAt: now,
        modifiedAt: now,
      });
      hooks.prepareTransaction?.(transaction);
      const event = recordNewTransaction({ orders, at: now }, order, transaction);
      view.transactions.push({ transaction, events: [event] });
    }
    await hooks.beforeCommit?.(uow, order);
    await orders.flush();
    return view;
  });
}
