import { paymentLinkStatusOf } from './link-status.ts';
import type { PaymentLinkView } from './payment-link.repository.ts';

/** The customer's address of a link: opening it leads to an order's hosted page. */
export function paymentLinkUrl(baseUrl: string, linkId: string): string {
  return `${baseUrl}/link/${linkId}/`;
}

/** The link's own address in the REST API, the `Location` of the 201 that created it. */
export function paymentLinkResourceUrl(baseUrl: string, linkId: string): string {
  return `${baseUrl}/v1/payment-links/${linkId}/`;
}

/**
 * A link as REST shows it: snake_case like orders, absent optional fields left out, `status` as of `now`
 * (`inactive_reason` says why a link is inactive), `order_ids` oldest first.
 */
export function presentPaymentLink(
  view: PaymentLinkView,
  baseUrl: string,
  now: Date,
): Record<string, unknown> {
  const { link } = view;
  const { status, reason } = paymentLinkStatusOf(link, view.paid, now);
  const json: Record<string, unknown> = {
    id: link.id,
    project_id: link.projectId,
    url: paymentLinkUrl(baseUrl, link.id),
    status,
    inactive_reason: reason,
    amount: link.amount,
    currency: link.currency,
    description: link.description,
    merchant_order_id: link.merchantOrderId,
    expires: link.expiresAt?.toISOString(),
    single_use: link.singleUse,
    return_url: link.returnUrl,
    failure_url: link.failureUrl,
    payment_methods: link.paymentMethods,
    order_ids: view.orderIds,
    created: link.createdAt.toISOString(),
    modified: link.modifiedAt.toISOString(),
    deactivated: link.deactivatedAt?.toISOString(),
  };
  return Object.fromEntries(
    Object.entries(json).filter(([, value]) => value !== null && value !== undefined),
  );
}
