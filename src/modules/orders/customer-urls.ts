import type { Order } from './order.entity.ts';

/**
 * The addresses a customer's browser is sent to, in one place for the faces (REST, GraphQL, pages) and the
 * commands (wallet redirects, challenge links) alike. All hang off the spec's `{base_url}`.
 */

/** The hosted payment page of an order (`order_url`). */
export function orderUrl(baseUrl: string, orderId: string): string {
  return `${baseUrl}/pay/${orderId}/`;
}

/** `order_url` as the order shows it: only payment orders have one (refunds, captures and voids do not). */
export function orderUrlOf(order: Pick<Order, 'id' | 'kind'>, baseUrl: string): string | null {
  return order.kind === 'payment' ? orderUrl(baseUrl, order.id) : null;
}

/** The order page after a failed attempt on it: it names the attempt, so the page can say what went wrong. */
export function orderRetryUrl(baseUrl: string, orderId: string, transactionId: string): string {
  return `${orderUrl(baseUrl, orderId)}?attempt=${encodeURIComponent(transactionId)}`;
}

/** Where the customer authenticates a card transaction (3-D Secure challenge, one-click): `payment_url`. */
export function paymentPageUrl(baseUrl: string, transactionId: string): string {
  return `${baseUrl}/redirect/${transactionId}/to/payment/`;
}

/**
 * Where the customer goes once the payment is over (spec 3.1 rule 5): `return_url` after success, otherwise
 * `failure_url` falling back to `return_url`; with the order id in the query so the shop can retrieve the order.
 * Null when the merchant gave no URL: the customer then stays on our result page.
 */
export function customerReturnUrl(
  order: Pick<Order, 'id' | 'returnUrl' | 'failureUrl'>,
  succeeded: boolean,
): string | null {
  const target = succeeded ? order.returnUrl : (order.failureUrl ?? order.returnUrl);
  if (!target) return null;
  return withParameterAdded(target, 'order_id', order.id);
}

/** Printable ASCII without the space: such a URL goes into a `Location` header and an `href` as it is. */
const PLAIN_URL = /^[\x21-\x7e]*$/;

/**
 * `url` as the merchant wrote it, byte for byte, with `name=value` added at the end of its query (before any
 * fragment). Shops sign their return URLs, query included: re-serialising the query (URLSearchParams, as
 * `url.searchParams.set` does) turned `%20` into `+`, `/` into `%2F`, `%7e` into `%7E` and `flag` into `flag=`,
 * and the signature failed. A parameter of the same name already there stays, ours comes after it. A URL that
 * is not plain ASCII (spaces or tabs the URL parser drops at its ends, non-ASCII text) cannot go into a header
 * as it is: it is written as the URL parser, and so a browser, writes it (its `href`), which leaves the
 * query's escapes alone and only escapes what must be.
 */
function withParameterAdded(url: string, name: string, value: string): string {
  const written = PLAIN_URL.test(url) ? url : new URL(url).href;
  const hash = written.indexOf('#');
  const beforeFragment = hash === -1 ? written : written.slice(0, hash);
  const fragment = hash === -1 ? '' : written.slice(hash);
  const separator = !beforeFragment.includes('?') ? '?' : /[?&]$/.test(beforeFragment) ? '' : '&';
  return `${beforeFragment}${separator}${name}=${encodeURIComponent(value)}${fragment}`;
}
