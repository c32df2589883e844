import { hkdfSync } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/index.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import { HTTP_STATUS_BY_KIND } from '../../platform/errors/http-status.ts';
import { loadIdempotencySecret } from '../../platform/http/idempotency-secret.ts';
import { statePage } from './html/state-page.ts';
import { pageLocaleFor } from './i18n/locale.ts';
import { sendPage } from './page-response.ts';
import { PayerBrowsers } from './payer-browsers.ts';

/**
 * What every encapsulated scope of customer-facing pages registers first: cookies, form bodies, CSRF
 * protection, the payer cookies (payer-browsers.ts), and errors shown as pages. The hosted pages have one scope;
 * another module's pages (the iDEAL bank simulator) register their own with this, and share the same cookies.
 *
 * CSRF: double submit. A secret in an HttpOnly, `SameSite=Lax` cookie (`_csrf`, over https `__Host-csrf` or
 * `__Secure-csrf`: pageCookieName; path = the base URL's path, so one secret serves `/pay/`, `/redirect/` and
 * `/ideal/`; `Secure` when the base URL is https) and in each form a
 * token made from it and from what the form acts on (`formToken`: the order of the order page, the transaction
 * of a payment or bank page), under an HMAC key derived from the server secret. A post without both, or whose
 * token was made for another browser or another order or payment, is refused with 403 and changes nothing.
 */
export async function registerPageScope(app: FastifyInstance, config: AppConfig): Promise<void> {
  const base = new URL(config.baseUrl);
  const path = `${base.pathname.replace(/\/+$/, '')}/`;
  const secure = base.protocol === 'https:';
  const secret = loadIdempotencySecret(config);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await app.register(fastifyCsrf, {
    cookieKey: pageCookieName('csrf', { path, secure }),
    cookieOpts: { path, httpOnly: true, sameSite: 'lax', secure },
    getUserInfo: (request) => postedFormSubject(request.params),
    csrfOpts: { userInfo: true, hmacKey: derivedKey(secret, 'hosted pages form tokens v1') },
  });
  app.decorate(
    'payers',
    new PayerBrowsers(derivedKey(secret, 'hosted pages payer browsers v1'), {
      name: pageCookieName('payer', { path, secure }),
      path,
      secure,
    }),
  );
  app.setErrorHandler(pageErrorHandler);
}

/**
 * A page cookie's name, with the prefix that makes browsers refuse the cookie from anyone but this origin over
 * https: `__Host-` (Secure, no Domain, `Path=/`) when the pages are at the root, `__Secure-` (Secure) under a
 * base path. A cookie without a prefix can be planted by a sibling subdomain or by a plain-http response for the
 * same host (cookie tossing), and a page cookie's value is what the browser is known by. Over plain http (a
 * developer's `npm start`) no prefix can hold, and the name is `_name`.
 */
export function pageCookieName(name: string, cookie: { path: string; secure: boolean }): string {
  if (!cookie.secure) return `_${name}`;
  return cookie.path === '/' ? `__Host-${name}` : `__Secure-${name}`;
}

function derivedKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));
}

/** What a page's forms act on: the order of the order page; the transaction of a payment or bank page. */
export type FormSubject = { order: string } | { transaction: string };

function subjectText(subject: FormSubject): string {
  return 'order' in subject
    ? `order:${subject.order.toLowerCase()}`
    : `transaction:${subject.transaction.toLowerCase()}`;
}

/**
 * What a form post acts on, from its route's parameters (`/pay/{orderId}/…`, `…/{transactionId}/…`). A route
 * with neither gives '', which no token matches.
 */
function postedFormSubject(params: unknown): string {
  const { orderId, transactionId } = (params ?? {}) as { orderId?: unknown; transactionId?: unknown };
  if (typeof orderId === 'string') return subjectText({ order: orderId });
  if (typeof transactionId === 'string') return subjectText({ transaction: transactionId });
  return '';
}

/** The CSRF token of a page's forms, good only for posts about `subject`, from this browser. */
export function formToken(reply: FastifyReply, subject: FormSubject): string {
  return reply.generateCsrf({ userInfo: subjectText(subject) });
}

/** Errors on a page are pages too (never the API's JSON), in the browser's language. */
function pageErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const ctx = {
    baseUrl: request.deps.config.baseUrl,
    locale: pageLocaleFor(undefined, request.headers['accept-language']),
  };
  if (error instanceof DomainError && error.kind === 'not_found') {
    // Everything but the order page (`/pay/`) is about one payment: the payment page, a bank's page.
    const isPaymentPage = !request.url.startsWith('/pay/');
    return sendPage(
      reply,
      404,
      statePage(ctx, {
        titleKey: 'state.not_found.title',
        bodyKey: isPaymentPage ? 'state.not_found.payment' : 'state.not_found.order',
      }),
    );
  }
  if (typeof error.code === 'string' && error.code.startsWith('FST_CSRF')) {
    return sendPage(
      reply,
      403,
      statePage(ctx, { titleKey: 'state.forbidden.title', bodyKey: 'state.forbidden.body' }),
    );
  }
  const status =
    error instanceof DomainError
      ? HTTP_STATUS_BY_KIND[error.kind]
      : error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
  // Only the error itself is logged, never the request body (it may hold a card number).
  if (status >= 500) request.log.error({ err: error }, 'page error');
  return sendPage(
    reply,
    status,
    statePage(ctx, { titleKey: 'state.error.title', bodyKey: 'state.error.body' }),
  );
}
