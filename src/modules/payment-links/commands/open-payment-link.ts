import type { Deps } from '../../../platform/deps.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import type { OrderDeps } from '../../orders/index.ts';
import { createOrder, expireOrderIfDue } from '../../orders/index.ts';
import { paymentLinkBusy, paymentLinkNotFound } from '../errors.ts';
import { type ClosedReason, openingOf, orderInputOf, paymentLinkStatusOf } from '../link-status.ts';
import { PaymentLinkRepository } from '../payment-link.repository.ts';

export type LinkOpened =
  /** The customer goes to this order's hosted page: a new order, or a single-use link's order still open. */
  | { kind: 'order'; orderId: string; created: boolean }
  /** The link leads to no order (expired, deactivated, used up). */
  | { kind: 'closed'; reason: ClosedReason; isTest: boolean };

/** Rounds of settling overdue orders before giving up (one is enough unless the clock jumps). */
const SETTLE_ROUNDS = 3;

/**
 * A customer opens `{base_url}/link/{id}/` (no credentials: the unguessable id is the key). Under the link's
 * row lock: decide (link-status.ts), then create the order through the orders module's `createOrder`, with
 * `related_payment_link_id`, in this same database transaction. So concurrent opens of a single-use link
 * queue on the lock: the first creates the order, the others find it open and are sent to it, and once it is
 * paid the link is used up. A single-use link therefore never has two payable orders at once, and never more
 * than one completed payment.
 *
 * A single-use link's order that is past its expiry but not yet closed by the expiry sweep is expired first, by the
 * orders module, under the order's own lock (outside the link's transaction, so no open holds two
 * connections): a card payment in flight on it finishes before, and then counts.
 */
export async function openPaymentLink<D extends Deps>(
  deps: OrderDeps<D>,
  linkId: string,
): Promise<LinkOpened> {
  if (!isUuidText(linkId)) throw paymentLinkNotFound();
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const opened = await openOnce(deps, linkId);
    if (opened.kind !== 'settle') return opened;
    for (const orderId of opened.orderIds) await expireOrderIfDue(deps, orderId);
  }
  throw paymentLinkBusy();
}

/**
 * What opening the link would do, without doing it (a `HEAD` of its address: link checkers and previews must
 * not create orders): `open`, or why it is closed.
 */
export async function peekPaymentLink(
  deps: Deps,
  linkId: string,
): Promise<{ kind: 'open' } | Extract<LinkOpened, { kind: 'closed' }>> {
  const found = isUuidText(linkId)
    ? await deps.db.read((uow) => new PaymentLinkRepository(uow).readForCustomer(linkId))
    : null;
  if (!found) throw paymentLinkNotFound();
  const { status, reason } = paymentLinkStatusOf(found.link, found.paid, deps.now());
  if (status === 'active') return { kind: 'open' };
  return { kind: 'closed', reason: reason ?? 'expired', isTest: found.mode === 'test' };
}

function openOnce<D extends Deps>(
  deps: OrderDeps<D>,
  linkId: string,
): Promise<LinkOpened | { kind: 'settle'; orderIds: string[] }> {
  return deps.db.transaction(async (uow) => {
    const locked = await new PaymentLinkRepository(uow).lockForOpening(linkId);
    if (!locked) throw paymentLinkNotFound();
    const { link, project } = locked;
    const now = deps.now();
    const opening = openingOf(link, { paid: locked.paid, unfinished: locked.unfinishedOrders }, now);
    switch (opening.kind) {
      case 'closed':
        return { kind: 'closed', reason: opening.reason, isTest: project.mode === 'test' };
      case 'reuse':
        return { kind: 'order', orderId: opening.orderId, created: false };
      case 'settle':
        return opening;
      case 'create': {
        const view = await createOrder(
          deps,
          { projectId: link.projectId, ...project },
          orderInputOf(link, now, deps.config.orderDefaultExpiration),
          { paymentLinkId: link.id, within: uow },
        );
        return { kind: 'order', orderId: view.order.id, created: true };
      }
    }
  });
}
