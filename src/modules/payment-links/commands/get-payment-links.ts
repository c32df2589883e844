import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { paymentLinkNotFound } from '../errors.ts';
import { PaymentLinkRepository, type PaymentLinkView } from '../payment-link.repository.ts';

/** One of the caller's links with its orders; any other id (another project's too) is not found. */
export async function getPaymentLink(deps: Deps, actor: Actor, linkId: string): Promise<PaymentLinkView> {
  const view = isUuidText(linkId)
    ? await deps.db.read((uow) => new PaymentLinkRepository(uow).read(actor.projectId, linkId))
    : null;
  if (!view) throw paymentLinkNotFound();
  return view;
}

/** The caller's links among `linkIds`, in that order; unknown ids and other projects' links are left out. */
export async function getPaymentLinks(
  deps: Deps,
  actor: Actor,
  linkIds: readonly string[],
): Promise<(PaymentLinkView | null)[]> {
  const ids = linkIds.filter(isUuidText);
  const views = ids.length
    ? await deps.db.read((uow) => new PaymentLinkRepository(uow).readMany(actor.projectId, ids))
    : [];
  const byId = new Map(views.map((view) => [view.link.id, view]));
  return linkIds.map((id) => byId.get(id) ?? null);
}
