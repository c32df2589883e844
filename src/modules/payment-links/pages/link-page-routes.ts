import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import type { MessageKey } from '../../hosted-pages/index.ts';
import { pageLocaleFor, redirectTo, sendPage, statePage } from '../../hosted-pages/index.ts';
import { orderUrl } from '../../orders/index.ts';
import { openPaymentLink, peekPaymentLink } from '../commands/open-payment-link.ts';
import type { ClosedReason } from '../link-status.ts';

/** The page of a link that leads to no order, and its status: the link is gone for good (410). */
const CLOSED: Readonly<Record<ClosedReason, { title: MessageKey; body: MessageKey }>> = {
  expired: { title: 'link.expired.title', body: 'link.expired.body' },
  deactivated: { title: 'link.deactivated.title', body: 'link.deactivated.body' },
  used: { title: 'link.used.title', body: 'link.used.body' },
};

/**
 * The public address of a payment link, `{base_url}/link/{id}/` (no credentials). Opening it answers 303 to
 * the hosted page of the order it leads to (`/pay/{order_id}/`); a link that leads to no order is a page in
 * the hosted pages' look, under their CSP and headers (`sendPage`), in the browser's language. Never cached:
 * every open asks again.
 */
export async function linkPageRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(linkErrorPage);

  // HEAD is answered on its own (Fastify would run the GET and create an order): the status GET would have.
  app.head<{ Params: { linkId: string } }>('/link/:linkId/', async (request, reply) => {
    const peeked = await peekPaymentLink(request.deps, request.params.linkId);
    if (peeked.kind === 'open') return reply.code(200).header('cache-control', 'no-store').send();
    return sendPage(reply, 410, closedPage(request, peeked.reason, peeked.isTest));
  });

  app.get<{ Params: { linkId: string } }>(
    '/link/:linkId/',
    { exposeHeadRoute: false },
    async (request, reply) => {
      const { deps } = request;
      const opened = await openPaymentLink(deps, request.params.linkId);
      if (opened.kind === 'order') return redirectTo(reply, orderUrl(deps.config.baseUrl, opened.orderId));
      return sendPage(reply, 410, closedPage(request, opened.reason, opened.isTest));
    },
  );
}

function closedPage(request: FastifyRequest, reason: ClosedReason, isTest: boolean) {
  const { title, body } = CLOSED[reason];
  return statePage(pageContext(request), { titleKey: title, bodyKey: body, isTest });
}

function pageContext(request: FastifyRequest) {
  return {
    baseUrl: request.deps.config.baseUrl,
    locale: pageLocaleFor(undefined, request.headers['accept-language']),
  };
}

/**
 * Errors are pages too: an unknown link 404, a link whose order cannot be created any more (e.g. its payment
 * method was switched off in the project) 409 with a plain "unavailable" page, and our faults 500.
 */
function linkErrorPage(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const ctx = pageContext(request);
  if (error instanceof DomainError && error.kind === 'not_found') {
    return sendPage(
      reply,
      404,
      statePage(ctx, { titleKey: 'state.not_found.title', bodyKey: 'state.not_found.order' }),
    );
  }
  if (error instanceof DomainError && error.kind === 'rate_limited') {
    return sendPage(
      reply,
      429,
      statePage(ctx, { titleKey: 'state.error.title', bodyKey: 'state.error.body' }),
    );
  }
  if (error instanceof DomainError) {
    // Nothing the customer sent is wrong: the link cannot lead to an order now (409, nothing was written).
    return sendPage(
      reply,
      409,
      statePage(ctx, { titleKey: 'link.unavailable.title', bodyKey: 'link.unavailable.body' }),
    );
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, 'payment link page error');
  return sendPage(
    reply,
    status,
    statePage(ctx, { titleKey: 'state.error.title', bodyKey: 'state.error.body' }),
  );
}
