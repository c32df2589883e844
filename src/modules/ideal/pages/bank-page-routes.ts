import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../platform/errors/domain-error.ts';
import type { AttemptBrowser } from '../../hosted-pages/index.ts';
import {
  attemptBrowserOf,
  formToken,
  loadOrderPageFacts,
  pageLocaleFor,
  redirectTo,
  sendPage,
  statePage,
} from '../../hosted-pages/index.ts';
import { isUuid } from '../../orders/index.ts';
import { isBankOutcome } from '../bank-outcome.ts';
import { type BankPageState, loadBankPage, settleBankPayment } from '../commands/bank-payment.ts';
import { afterBank } from '../destinations.ts';
import { idealBankPageUrl } from '../ideal-payment-method.ts';
import { issuerName } from '../issuers.ts';
import { bankPage } from './bank-page.ts';

type BankRoute = { Params: { transactionId: string }; Body: { outcome?: unknown } };

/**
 * The simulated bank of iDEAL in test projects, `{base_url}/ideal/bank/{transaction_id}/` (the transaction's
 * `payment_url`): the customer chooses approve, cancel or fail, and is sent back to the shop (destinations.ts).
 * No API key: the unguessable transaction id is the customer's only handle, as on every payment page. Every post
 * is CSRF checked and answered with a redirect (POST-redirect-GET).
 *
 * A payment started with the iDEAL button of the order page belongs to the browser that pressed it (its payer
 * cookie, hosted-pages/payer-browsers.ts): any other browser sees only that a payment is in progress, and its
 * posts are refused with 403, changing nothing. An own checkout's bank page is open, as before.
 */
export async function bankPageRoutes(app: FastifyInstance): Promise<void> {
  const { payers } = app;
  const browserOf = (request: FastifyRequest<BankRoute>) =>
    attemptBrowserOf(request.deps, request.params.transactionId, payers.of(request));

  app.get<BankRoute>('/ideal/bank/:transactionId/', async (request, reply) => {
    const [state, browser] = await Promise.all([
      loadBankPage(request.deps, request.params.transactionId),
      browserOf(request),
    ]);
    return show(request, reply, state, browser);
  });

  app.post<BankRoute>(
    '/ideal/bank/:transactionId/',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const { deps } = request;
      const { transactionId } = request.params;
      const browser = await browserOf(request);
      if (browser === 'another') {
        return show(request, reply, await loadBankPage(deps, transactionId), browser, { forbidden: true });
      }
      const outcome = request.body?.outcome;
      // A post without a known outcome changes nothing: the page again.
      if (!isBankOutcome(outcome)) {
        if (!isUuid(transactionId)) throw notFound('Payment');
        return redirectTo(reply, idealBankPageUrl(deps.config.baseUrl, transactionId));
      }
      const state = await settleBankPayment(deps, transactionId, outcome);
      return show(request, reply, state, browser);
    },
  );
}

async function show(
  request: FastifyRequest,
  reply: FastifyReply,
  state: BankPageState,
  browser: AttemptBrowser,
  options: { forbidden?: boolean } = {},
): Promise<FastifyReply> {
  const { deps } = request;
  const { baseUrl } = deps.config;
  if (state.kind === 'finished') return redirectTo(reply, afterBank(baseUrl, state));
  const { order, transaction } = state;
  const facts = await loadOrderPageFacts(deps, order);
  const ctx = { baseUrl, locale: pageLocaleFor(order.customer?.locale, request.headers['accept-language']) };
  if (browser === 'another') {
    // Another browser's payment: nothing of it, no buttons.
    const elsewhere = statePage(ctx, {
      facts,
      titleKey: 'state.elsewhere.title',
      bodyKey: 'state.elsewhere.body',
    });
    return sendPage(reply, options.forbidden ? 403 : 200, elsewhere);
  }
  const page = bankPage(ctx, {
    facts,
    issuer: issuerName(transaction.paymentMethodDetails.issuer_id) ?? stringOrNull(transaction),
    actionUrl: idealBankPageUrl(baseUrl, transaction.id),
    csrfToken: formToken(reply, { transaction: transaction.id }),
  });
  return sendPage(reply, 200, page, [order.returnUrl, order.failureUrl]);
}

/** The issuer id as sent, when it is not one of the simulator's. */
function stringOrNull(transaction: { paymentMethodDetails: Record<string, unknown> }): string | null {
  const id = transaction.paymentMethodDetails.issuer_id;
  return typeof id === 'string' ? id : null;
}
