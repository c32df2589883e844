import type { CreateOrderInput, OrderStatus } from '../orders/index.ts';
import { addIsoDuration } from '../orders/index.ts';
import type { PaymentLink } from './payment-link.entity.ts';

/**
 * The rules of a payment link, pure: its status, what opening it does, and the order it creates.
 *
 * - `inactive`: deactivated by the merchant, or a single-use link whose payment completed (used up);
 * - `expired`: past `expires` (and not inactive);
 * - `active`: opening it leads to an order.
 */
export type PaymentLinkStatus = 'active' | 'inactive' | 'expired';
/** Why a link is `inactive`. */
export type InactiveReason = 'deactivated' | 'used';
/** Why opening a link leads to no order. */
export type ClosedReason = InactiveReason | 'expired';

type LinkFacts = Pick<PaymentLink, 'deactivatedAt' | 'expiresAt' | 'singleUse'>;

/** Order statuses that mean the payment went through: a single-use link with such an order is used up. */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'see-transactions'];

/** The status of a link; `paid`: one of its orders completed. */
export function paymentLinkStatusOf(
  link: LinkFacts,
  paid: boolean,
  now: Date,
): { status: PaymentLinkStatus; reason: InactiveReason | null } {
  if (link.deactivatedAt) return { status: 'inactive', reason: 'deactivated' };
  if (link.singleUse && paid) return { status: 'inactive', reason: 'used' };
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return { status: 'expired', reason: null };
  return { status: 'active', reason: null };
}

/** A single-use link's order that is `new` or `processing`. */
export interface UnfinishedOrder {
  id: string;
  status: OrderStatus;
  expiresAt: Date;
}

export type LinkOpening =
  | { kind: 'closed'; reason: ClosedReason }
  /** A single-use link's order that can still be paid: the customer goes there (another tab, a reload). */
  | { kind: 'reuse'; orderId: string }
  /**
   * A single-use link's orders past their expiry that the expiry sweep has not closed yet: they are expired under
   * their own lock first (a payment in flight on one finishes before), then the link is opened again.
   */
  | { kind: 'settle'; orderIds: string[] }
  | { kind: 'create' };

/**
 * What opening a link does, decided under the link's row lock: so a single-use link never has two orders that
 * could be paid at once, and never a second order once one was paid.
 */
export function openingOf(
  link: LinkFacts,
  orders: { paid: boolean; unfinished: readonly UnfinishedOrder[] },
  now: Date,
): LinkOpening {
  const { status, reason } = paymentLinkStatusOf(link, orders.paid, now);
  if (status === 'inactive') return { kind: 'closed', reason: reason! };
  if (status === 'expired') return { kind: 'closed', reason: 'expired' };
  if (!link.singleUse) return { kind: 'create' };
  const open = orders.unfinished.find((order) => order.expiresAt.getTime() > now.getTime());
  if (open) return { kind: 'reuse', orderId: open.id };
  if (orders.unfinished.length > 0) return { kind: 'settle', orderIds: orders.unfinished.map((o) => o.id) };
  return { kind: 'create' };
}

/**
 * The hosted order a link creates: its amount, currency, texts, URLs and methods. The order may be paid for the
 * default expiration period, but never after the link itself expires.
 */
export function orderInputOf(
  link: Pick<
    PaymentLink,
    | 'amount'
    | 'currency'
    | 'description'
    | 'merchantOrderId'
    | 'returnUrl'
    | 'failureUrl'
    | 'paymentMethods'
    | 'expiresAt'
  >,
  now: Date,
  defaultExpiration: string,
): CreateOrderInput {
  const input: CreateOrderInput = { amount: link.amount, currency: link.currency };
  if (link.description !== null) input.description = link.description;
  if (link.merchantOrderId !== null) input.merchant_order_id = link.merchantOrderId;
  if (link.returnUrl !== null) input.return_url = link.returnUrl;
  if (link.failureUrl !== null) input.failure_url = link.failureUrl;
  if (link.paymentMethods !== null)
    input.payment_methods = link.paymentMethods as CreateOrderInput['payment_methods'];
  const defaultEnd = addIsoDuration(now, defaultExpiration);
  if (link.expiresAt && defaultEnd && link.expiresAt.getTime() < defaultEnd.getTime()) {
    const seconds = Math.max(1, Math.ceil((link.expiresAt.getTime() - now.getTime()) / 1000));
    input.expiration_period = `PT${seconds}S`;
  }
  return input;
}
