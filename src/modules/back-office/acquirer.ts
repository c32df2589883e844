import type { Order } from '../orders/order.entity.ts';
import type { Acquirer } from '../payments/acquirer/index.ts';
import { acquirerFor } from '../payments/payment-runtime.ts';

/**
 * The acquirer a refund of `original` is sent to: the one its payment went through (the deterministic
 * simulator for test projects, which approves every refund). Where no acquirer is configured the refund is
 * refused with 422 `acquirer_not_configured` before anything is written.
 */
export function refundAcquirerFor(original: Pick<Order, 'flags'>, now: () => Date): Acquirer {
  return acquirerFor(original, now);
}
