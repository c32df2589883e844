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
  const url = new URL(target);
  url.searchParams.set('order_id', order.id);
  return url.toString();
}
