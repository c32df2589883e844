import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { paymentLinkNotFound } from '../errors.ts';
import { PaymentLinkRepository, type PaymentLinkView } from '../payment-link.repository.ts';

/**
 * `POST /v1/payment-links/{id}/deactivate/` and `deactivatePaymentLink`: the link creates no more orders.
 * Deactivating twice is not an error and keeps the first time. Orders it already created stay payable until
 * they expire, like any order. One statement; it waits for a customer's open holding the link's lock.
 */
export async function deactivatePaymentLink(
  deps: Deps,
  actor: Actor,
  linkId: string,
): Promise<PaymentLinkView> {
  const view = isUuidText(linkId)
    ? await deps.db.autocommit((uow) =>
        new PaymentLinkRepository(uow).deactivate(actor.projectId, linkId, deps.now()),
      )
    : null;
  if (!view) throw paymentLinkNotFound();
  return view;
}
