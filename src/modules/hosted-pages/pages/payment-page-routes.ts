import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { isUuid, paymentPageUrl } from '../../orders/index.ts';
import {
  cancelPayment,
  completeChallenge,
  loadPaymentPage,
  type PaymentPageState,
  payOnPage,
} from '../../payments/index.ts';
import type { AttemptBrowser } from '../attempt-browsers.repository.ts';
import { CARD_FIELDS, type CardField, type CardFormProblem, parseCardForm } from '../card-form-input.ts';
import { attemptBrowserOf } from '../commands/attempt-browser.ts';
import { loadOrderPageFacts } from '../commands/load-order-page.ts';
import { formTargetsOf } from '../destinations.ts';
import { challengePage, firstCardPage } from '../html/payment-pages.ts';
import { outcomePage, type PageContext, statePage } from '../html/state-page.ts';
import { pageLocaleFor } from '../i18n/locale.ts';
import { paymentPageFor } from '../page-for-state.ts';
import { redirectTo, sendPage } from '../page-response.ts';
import { formToken } from '../page-scope.ts';

type PaymentRoute = { Params: { transactionId: string } };

interface Shown {
  /** Whose attempt this is (commands/attempt-browser.ts). */
  browser: AttemptBrowser;
  /** A refused card form, shown again with its problems. */
  refused?: { problems: CardFormProblem[]; echo: { expiry?: string; name?: string } };
  /** A post about another browser's attempt, refused: 403 and the page this browser may see. */
  forbidden?: boolean;
}

/**
 * The customer's payment page `{base_url}/redirect/{transaction_id}/to/payment/` (the `payment_url`): the
 * 3-D Secure challenge, or the card form of a first one-click payment; each with a cancel. No API key: the
 * unguessable transaction id in the URL is the customer's only handle. The payments module's commands decide;
 * this adapter renders, and sends the customer on once the payment is over (destinations.ts).
 *
 * An attempt started on the order page belongs to the browser that started it (payer-browsers.ts): any other
 * browser sees only that a payment is in progress (no card, no form), and its posts are refused with 403
 * before any command runs. An own checkout's page (`none`) is open to whoever the shop sent there, as before.
 */
export async function paymentPageRoutes(app: FastifyInstance): Promise<void> {
  const { payers } = app;
  const browserOf = (request: FastifyRequest<PaymentRoute>) =>
    attemptBrowserOf(request.deps, request.params.transactionId, payers.of(request));

  app.get<PaymentRoute>('/redirect/:transactionId/to/payment/', async (request, reply) => {
    const [state, browser] = await Promise.all([
      loadPaymentPage(request.deps, request.params.transactionId),
      browserOf(request),
    ]);
    return show(request, reply, state, { browser });
  });

  /** Runs a post's command only for this browser's attempt (or an own checkout's). */
  const ownPost = async (
    request: FastifyRequest<PaymentRoute>,
    reply: FastifyReply,
    post: (browser: AttemptBrowser) => Promise<FastifyReply>,
  ): Promise<FastifyReply> => {
    const browser = await browserOf(request);
    if (browser !== 'another') return post(browser);
    const state = await loadPaymentPage(request.deps, request.params.transactionId);
    return show(request, reply, state, { browser, forbidden: true });
  };

  // A form's address opened directly (a bookmark, history after a refused post): the page itself.
  for (const form of ['challenge', 'card', 'cancel']) {
    app.get<PaymentRoute>(`/redirect/:transactionId/to/payment/${form}`, async (request, reply) => {
      if (!isUuid(request.params.transactionId)) throw notFound('Payment');
      return redirectTo(reply, paymentPageUrl(request.deps.config.baseUrl, request.params.transactionId));
    });
  }

  app.post<PaymentRoute & { Body: { code?: unknown } }>(
    '/redirect/:transactionId/to/payment/challenge',
    { preHandler: app.csrfProtection },
    async (request, reply) =>
      ownPost(request, reply, async (browser) => {
        const code = typeof request.body?.code === 'string' ? request.body.code : '';
        const state = await completeChallenge(request.deps, request.params.transactionId, code);
        return show(request, reply, state, { browser });
      }),
  );

  app.post<PaymentRoute>(
    '/redirect/:transactionId/to/payment/cancel',
    { preHandler: app.csrfProtection },
    async (request, reply) =>
      ownPost(request, reply, async (browser) => {
        const state = await cancelPayment(request.deps, request.params.transactionId);
        return show(request, reply, state, { browser });
      }),
  );

  app.post<PaymentRoute>(
    '/redirect/:transactionId/to/payment/card',
    { preHandler: app.csrfProtection },
    async (request, reply) =>
      ownPost(request, reply, async (browser) => {
        const { deps } = request;
        const { transactionId } = request.params;
        const parsed = parseCardForm(request.body, deps.now());
        if (parsed.ok) {
          const result = await payOnPage(deps, transactionId, parsed.card);
          if (result.ok) return show(request, reply, result.state, { browser });
          // Rules only the vault knows (none today beyond ours): shown at the field they name.
          const problems = result.problems
            .filter((p): p is typeof p & { field: CardField } => (CARD_FIELDS as string[]).includes(p.field))
            .map((p): CardFormProblem => ({ field: p.field, code: 'invalid' }));
          const state = await loadPaymentPage(deps, transactionId);
          return show(request, reply, state, { browser, refused: { problems, echo: {} } });
        }
        const state = await loadPaymentPage(deps, transactionId);
        return show(request, reply, state, {
          browser,
          refused: { problems: parsed.problems, echo: parsed.echo },
        });
      }),
  );
}

async function show(
  request: FastifyRequest,
  reply: FastifyReply,
  state: PaymentPageState,
  shown: Shown,
): Promise<FastifyReply> {
  const { baseUrl } = request.deps.config;
  const { refused } = shown;
  const step = paymentPageFor(state, {
    baseUrl,
    posted: request.method === 'POST',
    refused: Boolean(refused),
    browser: shown.browser,
  });
  if (step.kind === 'redirect') return redirectTo(reply, step.location);

  const { order, transaction } = state;
  const pageUrl = paymentPageUrl(baseUrl, transaction.id);
  const facts = await loadOrderPageFacts(request.deps, order);
  const ctx: PageContext = {
    baseUrl,
    locale: pageLocaleFor(order.customer?.locale, request.headers['accept-language']),
  };
  const formTargets = formTargetsOf(order);
  switch (step.kind) {
    case 'outcome':
      return sendPage(reply, 200, outcomePage(ctx, facts, step.outcome, null));
    case 'challenge':
      return sendPage(
        reply,
        200,
        challengePage(ctx, {
          facts,
          truncatedPan:
            typeof transaction.paymentMethodDetails.truncated_pan === 'string'
              ? transaction.paymentMethodDetails.truncated_pan
              : null,
          csrfToken: formToken(reply, { transaction: transaction.id }),
          challengeActionUrl: `${pageUrl}challenge`,
          cancelActionUrl: `${pageUrl}cancel`,
        }),
        formTargets,
      );
    case 'card_form':
      return sendPage(
        reply,
        step.status,
        firstCardPage(ctx, {
          facts,
          csrfToken: formToken(reply, { transaction: transaction.id }),
          cardActionUrl: `${pageUrl}card`,
          cancelActionUrl: `${pageUrl}cancel`,
          problems: refused?.problems,
          echo: refused?.echo,
        }),
        formTargets,
      );
    case 'waiting':
      return sendPage(
        reply,
        200,
        statePage(ctx, { facts, titleKey: 'state.in_progress.title', bodyKey: 'state.in_progress.body' }),
      );
    case 'elsewhere':
      // Nothing of the other browser's attempt: not its card, no form.
      return sendPage(
        reply,
        shown.forbidden ? 403 : 200,
        statePage(ctx, { facts, titleKey: 'state.elsewhere.title', bodyKey: 'state.elsewhere.body' }),
      );
  }
}
