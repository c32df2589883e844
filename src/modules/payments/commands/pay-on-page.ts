import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid } from '../../orders/index.ts';
import {
  detectBrands,
  type InputProblem,
  parseVaultCardInput,
  storeCardForTransaction,
  VaultCardRepository,
  validateCvc,
} from '../../vault/index.ts';
import { authorizationSetting } from '../authorization-setting.ts';
import { authorizeCard } from '../authorize-card.ts';
import { CREDIT_CARD } from '../credit-card.ts';
import type { PaymentDeps } from '../deps.ts';
import { withLockedPayment } from '../locked-payment.ts';
import { type PaymentPageState, pageStateOf } from './load-payment-page.ts';

/** The card form of the payment page, as posted. Every value is in memory only. */
export interface CardForm {
  pan?: unknown;
  expiry?: unknown;
  name?: unknown;
  cvc?: unknown;
}

export type PayOnPageResult = { ok: true; state: PaymentPageState } | { ok: false; problems: InputProblem[] };

/**
 * A customer entered the card on the payment page of a first one-click transaction (spec 4.16 step 1): the
 * card is stored against the transaction (using up its setup token) and authorized with the CVC, which is
 * dropped afterwards. Problems come back as field messages that never repeat the card number or CVC.
 */
export async function payOnPage(
  deps: PaymentDeps,
  transactionId: string,
  form: CardForm,
): Promise<PayOnPageResult> {
  if (!isUuid(transactionId)) throw notFound('Payment');
  const now = deps.now();
  const name = typeof form.name === 'string' && form.name.trim() !== '' ? form.name : undefined;
  const parsed = parseVaultCardInput(
    // The page is bound to its transaction; the setup token field only satisfies the shared vault rules.
    { pan: form.pan, expiry: form.expiry, ...(name ? { name } : {}), setup_token: transactionId },
    { now },
  );
  const brand = parsed.ok ? detectBrands(parsed.value.pan).brand : null;
  const cvc = validateCvc(form.cvc, brand);
  const problems = [...(parsed.ok ? [] : parsed.problems), ...(cvc.ok ? [] : cvc.problems)];
  if (!parsed.ok || !cvc.ok) return { ok: false, problems };

  const state = await withLockedPayment(
    deps,
    transactionId,
    (m) => m === CREDIT_CARD,
    async (uow, locked) => {
      const { writes, orders, payments, order, transactions, transaction, authorization } = locked;
      const before = pageStateOf(order, transaction, authorization);
      if (before.kind !== 'card_form') return before;

      const card = storeCardForTransaction({
        cards: new VaultCardRepository(uow),
        cipher: deps.cipher,
        order,
        transaction,
        card: parsed.value,
        at: now,
      });
      await authorizeCard(authorizationSetting(deps, { uow, orders }, order, now), {
        order,
        transactions,
        transaction,
        card,
        cvc: cvc.value,
        threeDSecure: 'none',
        authorization,
      });
      await writes.save(orders);
      return pageStateOf(order, transaction, await payments.findAuthorization(transaction.id));
    },
  );
  return { ok: true, state };
}
