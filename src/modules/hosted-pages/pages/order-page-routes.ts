import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { customerReturnUrl, isFinalOrderStatus, isUuid, orderUrl } from '../../orders/index.ts';
import { type CardFormProblem, choseToPayAgain } from '../card-form-input.ts';
import { cancelHostedOrder } from '../commands/cancel-order.ts';
import { loadOrderPage } from '../commands/load-order-page.ts';
import { payOrderByCard } from '../commands/pay-order-by-card.ts';
import { payOrderByRedirect } from '../commands/pay-order-by-redirect.ts';
import { afterCardAttempt, afterFinalStatus, formTargetsOf } from '../destinations.ts';
import { attemptMessageKey, orderPage } from '../html/order-page.ts';
import { outcomePage, type PageContext, statePage } from '../html/state-page.ts';
import { pageLocaleFor } from '../i18n/locale.ts';
import type { MessageKey } from '../i18n/messages.ts';
import type { OrderPageState } from '../page-for-state.ts';
import { redirectTo, sendPage } from '../page-response.ts';
import { formToken } from '../page-scope.ts';

type OrderRoute = { Params: { orderId: string }; Querystring: { attempt?: unknown; pay_again?: unknown } };

/**
 * The hosted payment page `{base_url}/pay/{order_id}/` (`order_url`) and its two form posts, `card` and
 * `cancel`. Thin: the commands decide, this file only picks the page or the redirect. Every post is CSRF
 * checked and answered with a redirect (POST-redirect-GET), except a refused form, which is shown again.
 *
 * A payment started here belongs to this browser (its payer cookie, payer-browsers.ts): the page shows the
 * attempt's link and lets it be cancelled or paid beside only in the browser that started it.
 */
export async function orderPageRoutes(app: FastifyInstance): Promise<void> {
  const { payers } = app;

  app.get<OrderRoute>('/pay/:orderId/', async (request, reply) => {
    const attemptId = typeof request.query.attempt === 'string' ? request.query.attempt : undefined;
    const payAnotherWay = request.query.pay_again === '1';
    const state = await loadOrderPage(request.deps, request.params.orderId, payers.of(request), {
      attemptId,
      payAnotherWay,
    });
    return showOrderPage(request, reply, state);
  });

  app.post<OrderRoute>('/pay/:orderId/card', { preHandler: app.csrfProtection }, async (request, reply) => {
    const { deps } = request;
    const { orderId } = request.params;
    const payer = payers.forNewAttempt(request);
    const outcome = await payOrderByCard(deps, orderId, request.body, payer.hash);
    const payAnotherWay = choseToPayAgain(request.body);
    const again = () => loadOrderPage(deps, orderId, payers.of(request), { payAnotherWay });
    switch (outcome.kind) {
      case 'attempted':
        payers.keep(reply, payer);
        return redirectTo(reply, afterCardAttempt(deps.config.baseUrl, outcome));
      case 'not_payable':
        return redirectTo(reply, orderUrl(deps.config.baseUrl, outcome.order.id));
      case 'unavailable':
        return showOrderPage(request, reply, await again(), { status: 422, alertKey: 'attempt.unavailable' });
      case 'invalid':
        return showOrderPage(request, reply, await again(), {
          status: 400,
          problems: outcome.problems,
          echo: outcome.echo,
        });
    }
  });

  // A bank-redirect method's button (iDEAL): a transaction of that method, and on to the bank's page.
  app.post<OrderRoute & { Params: { method: string } }>(
    '/pay/:orderId/method/:method',
    { preHandler: app.csrfProtection },
    async (request, reply) => {
      const { deps } = request;
      const { orderId, method } = request.params;
      const payer = payers.forNewAttempt(request);
      const outcome = await payOrderByRedirect(deps, orderId, method, payer.hash);
      switch (outcome.kind) {
        case 'redirected':
          payers.keep(reply, payer);
          return redirectTo(reply, outcome.paymentUrl);
        case 'not_payable':
          return redirectTo(reply, orderUrl(deps.config.baseUrl, outcome.order.id));
        case 'unavailable':
          return showOrderPage(request, reply, await loadOrderPage(deps, orderId, payers.of(request)), {
            status: 422,
            alertKey: 'attempt.unavailable',
          });
      }
    },
  );
  app.get<OrderRoute & { Params: { method: string } }>(
    '/pay/:orderId/method/:method',
    async (request, reply) => {
      if (!isUuid(request.params.orderId)) throw notFound('Order');
      return redirectTo(reply, orderUrl(request.deps.config.baseUrl, request.params.orderId));
    },
  );

  // A form's address opened directly (a bookmark, history after a refused post): the page itself.
  for (const form of ['card', 'cancel']) {
    app.get<OrderRoute>(`/pay/:orderId/${form}`, async (request, reply) => {
      if (!isUuid(request.params.orderId)) throw notFound('Order');
      return redirectTo(reply, orderUrl(request.deps.config.baseUrl, request.params.orderId));
    });
  }

  app.post<OrderRoute>('/pay/:orderId/cancel', { preHandler: app.csrfProtection }, async (request, reply) => {
    const { baseUrl } = request.deps.config;
    const order = await cancelHostedOrder(request.deps, request.params.orderId, payers.of(request));
    return redirectTo(
      reply,
      isFinalOrderStatus(order.status) ? afterFinalStatus(baseUrl, order) : orderUrl(baseUrl, order.id),
    );
  });
}

interface FormReplay {
  status: number;
  alertKey?: MessageKey;
  problems?: readonly CardFormProblem[];
  echo?: { expiry?: string; name?: string };
}

function showOrderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: OrderPageState,
  replay?: FormReplay,
): FastifyReply {
  const { baseUrl } = request.deps.config;
  const { order } = state.facts;
  const ctx: PageContext = {
    baseUrl,
    locale: pageLocaleFor(order.customer?.locale, request.headers['accept-language']),
  };
  const { t } = ctx.locale;
  switch (state.kind) {
    case 'payable': {
      // A form replay only makes sense while the order is still payable; otherwise the page says why not.
      const alertKey =
        replay?.alertKey ??
        (state.attempt
          ? attemptMessageKey(state.attempt)
          : state.payingAgain
            ? 'attempt.paying_again'
            : null);
      const page = orderPage(ctx, {
        facts: state.facts,
        csrfToken: formToken(reply, { order: order.id }),
        cardActionUrl: `${orderUrl(baseUrl, order.id)}card`,
        methodActionUrl: (method) => `${orderUrl(baseUrl, order.id)}method/${encodeURIComponent(method)}`,
        cancelActionUrl: `${orderUrl(baseUrl, order.id)}cancel`,
        alertKey,
        problems: replay?.problems,
        echo: replay?.echo,
        payingAgain: state.payingAgain,
      });
      return sendPage(reply, replay?.status ?? 200, page, formTargetsOf(order));
    }
    case 'challenge_pending':
      return sendPage(
        reply,
        200,
        statePage(ctx, {
          facts: state.facts,
          titleKey: 'state.challenge_pending.title',
          bodyKey: 'state.challenge_pending.body',
          links: [{ href: state.paymentUrl, label: t('state.challenge_pending.continue') }],
        }),
      );
    case 'awaiting_acquirer':
      return sendPage(
        reply,
        200,
        statePage(ctx, {
          facts: state.facts,
          titleKey: 'state.awaiting_acquirer.title',
          bodyKey: 'state.awaiting_acquirer.body',
          links: [
            {
              href: `${orderUrl(baseUrl, order.id)}?pay_again=1`,
              label: t('state.awaiting_acquirer.pay_again'),
            },
          ],
        }),
      );
    case 'elsewhere':
      // Nothing of the other browser's attempt: not its link, not its card, no action on it.
      return sendPage(
        reply,
        200,
        statePage(ctx, {
          facts: state.facts,
          titleKey: 'state.elsewhere.title',
          bodyKey: 'state.elsewhere.body',
        }),
      );
    case 'in_progress':
      return sendPage(
        reply,
        200,
        statePage(ctx, {
          facts: state.facts,
          titleKey: 'state.in_progress.title',
          bodyKey: 'state.in_progress.body',
        }),
      );
    case 'closed': {
      const backUrl = customerReturnUrl(order, state.outcome === 'completed');
      return sendPage(reply, 200, outcomePage(ctx, state.facts, state.outcome, backUrl));
    }
  }
}
