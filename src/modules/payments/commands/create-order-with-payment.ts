import type { Actor } from '../../../platform/auth/actor.ts';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { createOrder } from '../../orders/commands/create-order.ts';
import { paymentPageUrl } from '../../orders/customer-urls.ts';
import { OrderRepository } from '../../orders/order.repository.ts';
import { type CreateOrderInput, createOrderInputSchema } from '../../orders/order-input.ts';
import type { OrderView } from '../../orders/order-view.ts';
import { isSucceededTransactionStatus } from '../../orders/state-machine.ts';
import type { Transaction } from '../../orders/transaction.entity.ts';
import { validateCvc } from '../../vault/card-input.ts';
import type { CardBrand } from '../../vault/card-number.ts';
import type { VaultCard } from '../../vault/vault-card.entity.ts';
import { VaultCardRepository } from '../../vault/vault-card.repository.ts';
import { authorizationSetting } from '../authorization-setting.ts';
import { authorizeCard } from '../authorize-card.ts';
import type { PaymentDeps } from '../deps.ts';
import { PaymentRepository } from '../payment.repository.ts';
import {
  firstTransactionNotCompleted,
  firstTransactionNotFound,
  vaultTokenNotFound,
} from '../payment-errors.ts';
import { scheduleOrderExpiry } from '../timers/timer-queues.ts';

const DETAILS = 'transactions.0.payment_method_details';
type CardDetails = NonNullable<
  NonNullable<CreateOrderInput['transactions']>[number]['payment_method_details']
>;

/**
 * `POST /v1/orders/` and `createOrder`: creates the order (orders module), starts its expiry timer, and for a
 * one-click card transaction (spec 4.16) pays at once with the stored card and the CVC sent, which lives in
 * memory for that authorization only. Every one-click transaction gets a `payment_url`: the customer goes there
 * to pass a 3-D Secure challenge if the bank asks for one (or, for `first`, to enter the card).
 */
export async function createOrderWithPayment(
  deps: PaymentDeps,
  actor: Actor,
  input: unknown,
): Promise<OrderView> {
  const data = parseOrThrow(createOrderInputSchema, input);
  const transactionInput = data.transactions?.[0];
  const details = transactionInput?.payment_method_details;
  const oneClickType = details?.one_click_type;
  checkCardDetails(transactionInput?.payment_method, details);

  let card: VaultCard | null = null;
  let prepare: ((transaction: Transaction) => void) | undefined;
  if (oneClickType) {
    deps.acquirers.require({ flags: actor.mode === 'test' ? ['is-test'] : [] });
    if (oneClickType === 'one-click') {
      card = await resolveOneClickCard(deps, actor, details!);
      const cvc = validateCvc(details!.cvc, card.brand as CardBrand | null);
      if (!cvc.ok) throw invalid(`${DETAILS}.cvc`, cvc.problems[0]!.message);
    }
    const stored = card;
    prepare = (transaction) => {
      transaction.paymentUrl = paymentPageUrl(deps.config.baseUrl, transaction.id);
      if (!stored) return;
      transaction.paymentMethodBrand = stored.brand;
      transaction.paymentMethodDetails = {
        ...transaction.paymentMethodDetails,
        vault_token: stored.id,
        truncated_pan: stored.truncatedPan,
        card_expiry: stored.expiry,
      };
    };
  }

  const view = await createOrder(deps, actor, input, {
    prepareTransaction: prepare,
    beforeCommit: (uow, order) => scheduleOrderExpiry(deps.jobs, uow, order),
  });
  if (!card) return view;
  return payOneClick(deps, view, card.id, details!.cvc!);
}

/** Spec 4.16 and 7.3: which card fields go with which kind of transaction. */
function checkCardDetails(method: string | undefined, details: CardDetails | undefined): void {
  if (!details) return;
  const { one_click_type: type, vault_token, first_transaction_id, cvc } = details;
  if (type && method !== 'credit-card') {
    throw invalid(`${DETAILS}.one_click_type`, 'is only for credit-card transactions');
  }
  if (type === 'one-click') {
    if (cvc === undefined) throw invalid(`${DETAILS}.cvc`, 'is required for a one-click transaction');
    if ((vault_token === undefined) === (first_transaction_id === undefined)) {
      throw invalid(`${DETAILS}.vault_token`, 'send either vault_token or first_transaction_id');
    }
    return;
  }
  const onlyForOneClick = (['vault_token', 'first_transaction_id', 'cvc'] as const).find(
    (field) => details[field] !== undefined,
  );
  if (onlyForOneClick) {
    throw invalid(`${DETAILS}.${onlyForOneClick}`, 'is only sent with one_click_type "one-click"');
  }
}

/** The stored card of a one-click payment; another project's token or first transaction is unknown here. */
async function resolveOneClickCard(
  deps: PaymentDeps,
  actor: Actor,
  details: CardDetails,
): Promise<VaultCard> {
  return deps.db.read(async (uow) => {
    const cards = new VaultCardRepository(uow);
    if (details.vault_token) {
      const card = await cards.findForProject(actor.projectId, details.vault_token);
      if (!card) throw vaultTokenNotFound(`${DETAILS}.vault_token`);
      return card;
    }
    const field = `${DETAILS}.first_transaction_id`;
    const first = await new OrderRepository(uow).findTransactionForProject(
      actor.projectId,
      details.first_transaction_id!,
    );
    if (!first) throw firstTransactionNotFound(field);
    const authorization = await new PaymentRepository(uow).findAuthorization(first.id);
    const card = authorization
      ? await cards.findForProject(actor.projectId, authorization.vaultCardId)
      : null;
    const isFirst = first.paymentMethodDetails.one_click_type === 'first';
    if (!card || !isFirst || !isSucceededTransactionStatus(first.status)) {
      throw firstTransactionNotCompleted(field);
    }
    return card;
  });
}

async function payOneClick(
  deps: PaymentDeps,
  created: OrderView,
  cardId: string,
  cvc: string,
): Promise<OrderView> {
  const transactionId = created.transactions[0]!.transaction.id;
  return deps.db.transaction(async (uow) => {
    const orders = new OrderRepository(uow);
    const order = await orders.lockOrder(created.order.projectId, created.order.id);
    if (!order) throw notFound('Order', 'order_id');
    const transactions = await orders.transactionsOf(order.id);
    const transaction = transactions.find((t) => t.id === transactionId)!;
    const card = (await new VaultCardRepository(uow).findForProject(order.projectId, cardId))!;
    await authorizeCard(authorizationSetting(deps, { uow, orders }, order), {
      order,
      transactions,
      transaction,
      card,
      cvc,
      threeDSecure: 'none',
    });
    await orders.flush();
    return orders.loadView(order);
  });
}
