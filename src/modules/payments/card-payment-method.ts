import { invalid } from '../../platform/errors/domain-error.ts';
import type { NewTransaction, PaymentMethodDetailsInput, PaymentMethodHandler } from '../orders/index.ts';
import { isSucceededTransactionStatus, Order, OrderRepository, paymentPageUrl } from '../orders/index.ts';
import type { CardBrand, VaultCard } from '../vault/index.ts';
import { VaultCardRepository, validateCvc } from '../vault/index.ts';
import { authorizationSettingIn } from './authorization-setting.ts';
import { authorizeCard } from './authorize-card.ts';
import { CREDIT_CARD } from './credit-card.ts';
import type { PaymentDeps } from './deps.ts';
import { firstTransactionNotCompleted, firstTransactionNotFound, vaultTokenNotFound } from './errors.ts';
import { PaymentRepository } from './payment.repository.ts';

/**
 * Spec 4.16 and 7.3: which card fields go with which kind of transaction. The one-click fields belong to
 * credit-card transactions only; every method's handler runs this on what was sent with it.
 */
export function checkOneClickDetails(
  method: string,
  details: PaymentMethodDetailsInput | undefined,
  field: string,
): void {
  if (!details) return;
  if (details.issuer_id !== undefined) {
    throw invalid(`${field}.issuer_id`, 'is only for ideal transactions (the bank the customer pays with)');
  }
  const { one_click_type: type, vault_token, first_transaction_id, cvc } = details;
  if (type && method !== CREDIT_CARD) {
    throw invalid(`${field}.one_click_type`, `is only for ${CREDIT_CARD} transactions`);
  }
  if (type === 'one-click') {
    if (cvc === undefined) throw invalid(`${field}.cvc`, 'is required for a one-click transaction');
    if ((vault_token === undefined) === (first_transaction_id === undefined)) {
      throw invalid(`${field}.vault_token`, 'send either vault_token or first_transaction_id');
    }
    return;
  }
  const onlyForOneClick = (['vault_token', 'first_transaction_id', 'cvc'] as const).find(
    (name) => details[name] !== undefined,
  );
  if (onlyForOneClick) {
    throw invalid(`${field}.${onlyForOneClick}`, 'is only sent with one_click_type "one-click"');
  }
}

/**
 * `credit-card`: a setup token for the vault, and one-click payments (spec 4.16). Every one-click transaction
 * gets a `payment_url`: the customer goes there to pass a 3-D Secure challenge if the bank asks for one (or,
 * for `first`, to enter the card). A `one-click` payment is authorized at once, before the order is written,
 * with the stored card and the CVC sent, which lives in memory for that call only; the answer is written with
 * the order, in its one statement.
 */
export const creditCardPaymentMethod: PaymentMethodHandler<PaymentDeps> = {
  id: CREDIT_CARD,
  issuesSetupToken: true,
  authorizesCard: true,
  checkDetails: (details, field) => checkOneClickDetails(CREDIT_CARD, details, field),
  onCreate: createCardTransaction,
};

/**
 * A one-click transaction created with its order: its `payment_url` (3-D Secure, or card entry for `first`)
 * and, for `one-click`, the stored card's public facts and its authorization, whose rows (the authorization, the
 * status changes, a release timer) go into the order's change set. The transaction is new in this very request:
 * it has no authorization yet, nor anything to lock.
 */
async function createCardTransaction(deps: PaymentDeps, created: NewTransaction): Promise<void> {
  const { request, changes, order, transaction, view, at } = created;
  const { actor, field } = request;
  const details = request.transaction.payment_method_details;
  if (!details?.one_click_type) return;
  deps.acquirers.require({ flags: Order.flagsFor(actor.mode) });
  transaction.paymentUrl = paymentPageUrl(deps.config.baseUrl, transaction.id);
  if (details.one_click_type !== 'one-click') return;
  const card = await resolveOneClickCard(deps, actor.projectId, details, `${field}.payment_method_details`);
  transaction.paymentMethodBrand = card.brand;
  transaction.paymentMethodDetails = {
    ...transaction.paymentMethodDetails,
    vault_token: card.id,
    truncated_pan: card.truncatedPan,
    card_expiry: card.expiry,
  };
  const outcome = await authorizeCard(authorizationSettingIn(deps, changes, order, at), {
    order,
    transactions: [transaction],
    transaction,
    card,
    cvc: details.cvc,
    threeDSecure: 'none',
    authorization: null,
  });
  if (outcome.event) view.events.push(outcome.event);
}

/**
 * The stored card of a one-click payment, its CVC checked against the card's brand. Another project's token
 * or first transaction is unknown here.
 */
async function resolveOneClickCard(
  deps: PaymentDeps,
  projectId: string,
  details: PaymentMethodDetailsInput,
  field: string,
): Promise<VaultCard> {
  const card = await deps.db.read(async (uow) => {
    const cards = new VaultCardRepository(uow);
    if (details.vault_token) {
      const stored = await cards.findForProject(projectId, details.vault_token);
      if (!stored) throw vaultTokenNotFound(`${field}.vault_token`);
      return stored;
    }
    const firstField = `${field}.first_transaction_id`;
    const first = await new OrderRepository(uow).findTransactionForProject(
      projectId,
      details.first_transaction_id!,
    );
    if (!first) throw firstTransactionNotFound(firstField);
    const authorization = await new PaymentRepository(uow).findAuthorization(first.id);
    const stored = authorization ? await cards.findForProject(projectId, authorization.vaultCardId) : null;
    const isFirst = first.paymentMethodDetails.one_click_type === 'first';
    if (!stored || !isFirst || !isSucceededTransactionStatus(first.status)) {
      throw firstTransactionNotCompleted(firstField);
    }
    return stored;
  });
  const cvc = validateCvc(details.cvc, card.brand as CardBrand | null);
  if (!cvc.ok) throw invalid(`${field}.cvc`, cvc.problems[0]!.message);
  return card;
}
