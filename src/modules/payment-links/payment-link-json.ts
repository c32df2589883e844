import type { z } from 'zod';
import { paymentLinkStatusOf } from './link-status.ts';
import type { PaymentLinkView } from './payment-link.repository.ts';
import type { paymentLinkJsonSchema } from './rest/payment-link-contracts.ts';

/** The response schema's type: a field missing from either side does not compile. */
export type PaymentLinkJson = z.input<typeof paymentLinkJsonSchema>;
/** Before the absent fields are left out, any of them may be null or undefined. */
type Presented<Json> = { [K in keyof Json & string]: Json[K] | null | undefined };

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
export function presentPaymentLink(view: PaymentLinkView, baseUrl: string, now: Date): PaymentLinkJson {
  const { link } = view;
  const { status, reason } = paymentLinkStatusOf(link, view.paid, now);
  const json: Presented<PaymentLinkJson> = {
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
  // What is left out is optional in the schema, or the compiler would have refused a null above.
  return Object.fromEntries(
    Object.entries(json).filter(([, value]) => value !== null && value !== undefined),
  ) as PaymentLinkJson;
}
