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
import { CARD_FIELDS, type CardField, type CardFormProblem, parseCardForm } from '../card-form-input.ts';
import { loadOrderPageFacts } from '../commands/load-order-page.ts';
import { formTargetsOf } from '../destinations.ts';
import { challengePage, firstCardPage } from '../html/payment-pages.ts';
import { outcomePage, type PageContext, statePage } from '../html/state-page.ts';
import { pageLocaleFor } from '../i18n/locale.ts';
import { paymentPageFor } from '../page-for-state.ts';
import { redirectTo, sendPage } from '../page-response.ts';
import { formToken } from '../page-scope.ts';

type PaymentRoute = { Params: { transactionId: string } };

/**
 * The customer's payment page `{base_url}/redirect/{transaction_id}/to/payment/` (the `payment_url`): the
 * 3-D Secure challenge, or the card form of a first one-click payment; each with a cancel. No API key: the
 * unguessable transaction id in the URL is the customer's only handle. The payments module's commands decide;
 * this adapter renders, and sends the customer on once the payment is over (destinations.ts).
 */
export async function paymentPageRoutes(app: FastifyInstance): Promise<void> {
  app.get<PaymentRoute>('/redirect/:transactionId/to/payment/', async (request, reply) => {
    return show(request, reply, await loadPaymentPage(request.deps, request.params.transactionId));
  });

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
    async (request, reply) => {
      const code = typeof request.body?.code === 'string' ? request.body.code : '';
      return show(request, reply, await completeChallenge(request.deps, request.params.transactionId, code));
    },
  );

  app.post<PaymentRoute>(
    '/redirect/:transactionId/to/payment/cancel',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      return show(request, reply, await cancelPayment(request.deps, request.params.transactionId));
    },
  );

  app.post<PaymentRoute>(
    '/redirect/:transactionId/to/payment/card',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const { deps } = request;
      const { transactionId } = request.params;
      const parsed = parseCardForm(request.body, deps.now());
      if (parsed.ok) {
        const result = await payOnPage(deps, transactionId, parsed.card);
        if (result.ok) return show(request, reply, result.state);
        // Rules only the vault knows (none today beyond ours): shown at the field they name.
        const problems = result.problems
          .filter((p): p is typeof p & { field: CardField } => (CARD_FIELDS as string[]).includes(p.field))
          .map((p): CardFormProblem => ({ field: p.field, code: 'invalid' }));
        return show(request, reply, await loadPaymentPage(deps, transactionId), { problems, echo: {} });
      }
      const state = await loadPaymentPage(deps, transactionId);
      return show(request, reply, state, { problems: parsed.problems, echo: parsed.echo });
    },
  );
}

async function show(
  request: FastifyRequest,
  reply: FastifyReply,
  state: PaymentPageState,
  refused?: { problems: CardFormProblem[]; echo: { expiry?: string; name?: string } },
): Promise<FastifyReply> {
  const { baseUrl } = request.deps.config;
  const step = paymentPageFor(state, {
    baseUrl,
    posted: request.method === 'POST',
    refused: Boolean(refused),
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
  }
}
