import type { Order } from '../orders/order.entity.ts';

/** Where the customer authenticates a card transaction (3-D Secure challenge, one-click). */
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

/** Methods whose payment ends in a card authorization, so may need the 3-D Secure challenge page. */
export const CARD_PAYMENT_METHODS: readonly string[] = ['credit-card', 'wallet-a-pay', 'wallet-b-pay'];
