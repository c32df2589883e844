import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { completeChallenge } from '../commands/complete-challenge.ts';
import { loadPaymentPage, type PaymentPageState } from '../commands/load-payment-page.ts';
import { type CardForm, payOnPage } from '../commands/pay-on-page.ts';
import { paymentPageUrl } from '../payment-urls.ts';
import { cardFormPage, challengePage, messagePage, resultPage } from './page-html.ts';

type Params = { Params: { transactionId: string } };

/**
 * The customer's payment page `{base_url}/redirect/{transaction_id}/to/payment/` (the `payment_url`): a 3-D
 * Secure challenge, or the card form of a first one-click payment, then back to the shop. Forms post with a
 * CSRF token (double submit: secret in an HttpOnly cookie scoped to these pages, token in the form). No API key:
 * the unguessable transaction id in the URL is the customer's only handle.
 */
export async function paymentPageRoutes(app: FastifyInstance, options: { baseUrl: string }): Promise<void> {
  const base = new URL(options.baseUrl);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyCsrf, {
    cookieOpts: {
      path: `${base.pathname.replace(/\/+$/, '')}/redirect/`,
      httpOnly: true,
      sameSite: 'lax',
      secure: base.protocol === 'https:',
    },
  });

  app.get<Params>('/redirect/:transactionId/to/payment/', async (request, reply) => {
    const state = await pageOrNotFound(reply, () =>
      loadPaymentPage(request.deps, request.params.transactionId),
    );
    if (state) return show(reply, state, request.deps.config.baseUrl);
  });

  app.post<Params & { Body: { code?: unknown } }>(
    '/redirect/:transactionId/to/payment/challenge',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const code = typeof request.body?.code === 'string' ? request.body.code : '';
      const state = await pageOrNotFound(reply, () =>
        completeChallenge(request.deps, request.params.transactionId, code),
      );
      if (state) return show(reply, state, request.deps.config.baseUrl);
    },
  );

  app.post<Params & { Body: CardForm }>(
    '/redirect/:transactionId/to/payment/card',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const { baseUrl } = request.deps.config;
      const result = await pageOrNotFound(reply, () =>
        payOnPage(request.deps, request.params.transactionId, request.body ?? {}),
      );
      if (!result) return;
      if (result.ok) return show(reply, result.state, baseUrl);
      const state = await loadPaymentPage(request.deps, request.params.transactionId);
      if (state.kind !== 'card_form') return show(reply, state, baseUrl);
      const html = cardFormPage({
        order: state.order,
        actionUrl: `${paymentPageUrl(baseUrl, state.transaction.id)}card`,
        csrfToken: reply.generateCsrf(),
        problems: result.problems,
      });
      return sendHtml(reply, 400, html);
    },
  );
}

async function pageOrNotFound<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') {
      await sendHtml(reply, 404, messagePage('Payment not found', 'This payment link is not valid.'));
      return null;
    }
    throw error;
  }
}

function show(reply: FastifyReply, state: PaymentPageState, baseUrl: string): FastifyReply {
  const pageUrl = paymentPageUrl(baseUrl, state.transaction.id);
  switch (state.kind) {
    case 'finished':
      if (state.returnUrl) return reply.code(303).header('location', state.returnUrl).send();
      return sendHtml(reply, 200, resultPage(state.succeeded, state.order));
    case 'challenge':
      if (reply.request.method === 'POST') return reply.code(303).header('location', pageUrl).send();
      return sendHtml(
        reply,
        200,
        challengePage({
          order: state.order,
          actionUrl: `${pageUrl}challenge`,
          csrfToken: reply.generateCsrf(),
          isTest: state.isTest,
        }),
      );
    case 'card_form':
      return sendHtml(
        reply,
        200,
        cardFormPage({ order: state.order, actionUrl: `${pageUrl}card`, csrfToken: reply.generateCsrf() }),
      );
    case 'waiting':
      return sendHtml(
        reply,
        200,
        messagePage('Payment in progress', 'The shop is processing this payment. You can close this page.'),
      );
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(html);
}
