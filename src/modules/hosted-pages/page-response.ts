import type { FastifyReply } from 'fastify';
import type { SafeHtml } from './html/html.ts';

/**
 * Headers of every customer-facing page.
 *
 * - CSP: nothing but our own stylesheet and script (`'self'`), no inline code, no third-party anything;
 *   `frame-ancestors 'none'` (and the legacy `X-Frame-Options: DENY`): the pages may not be framed, so no shop
 *   can overlay or clickjack the card form; `form-action` lists our origin plus the origins of the order's
 *   `return_url`/`failure_url`, because a form post answered by a redirect to the shop is checked against it.
 * - `Cache-Control: no-store`: pages with card fields or payment state are never kept by a browser or proxy,
 *   so the back button shows the current state instead of a stale form.
 * - `Referrer-Policy: no-referrer`: the shop learns nothing from the referrer (the order id is in the query).
 */
export function pageContentSecurityPolicy(formTargets: readonly (string | null | undefined)[] = []): string {
  const origins = new Set<string>();
  for (const target of formTargets) {
    if (!target) continue;
    try {
      const url = new URL(target);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A URL the order validation let through but URL cannot parse gets no form-action entry.
    }
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action ${["'self'", ...origins].join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function sendPage(
  reply: FastifyReply,
  status: number,
  page: SafeHtml,
  formTargets: readonly (string | null | undefined)[] = [],
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageContentSecurityPolicy(formTargets))
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-opener-policy', 'same-origin')
    .send(page.value);
}

/** POST-redirect-GET: every successful form post answers 303, so reload and back never post again. */
export function redirectTo(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}
