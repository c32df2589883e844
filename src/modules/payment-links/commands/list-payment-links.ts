import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { listCursors } from '../../../platform/paging/list-cursor.ts';
import {
  type PaymentLinkRecord,
  PaymentLinkRepository,
  type PaymentLinkView,
} from '../payment-link.repository.ts';

const cursors = listCursors('payment-link');

export const DEFAULT_LINKS_PAGE = 20;
export const MAX_LINKS_PAGE = 100;

export interface PaymentLinkPage {
  links: PaymentLinkView[];
  hasNextPage: boolean;
}

/** A page of the caller's links, newest first; `after` is the cursor of the previous page's last link. */
export async function listPaymentLinks(
  deps: Deps,
  actor: Actor,
  input: { first?: number | null; after?: string | null },
): Promise<PaymentLinkPage> {
  const first = input.first ?? DEFAULT_LINKS_PAGE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_LINKS_PAGE) {
    throw invalid(
      'first',
      `must be 1 to ${MAX_LINKS_PAGE}`,
      'invalid_request',
      first < 1 ? 'too_small' : 'too_big',
    );
  }
  const after = input.after ? cursors.decode(input.after) : null;
  if (input.after && !after) throw invalid('after', 'is not a cursor of this list');
  const views = await deps.db.read((uow) =>
    new PaymentLinkRepository(uow).list(
      actor.projectId,
      after && { createdAt: after.at, id: after.id },
      first + 1,
    ),
  );
  return { links: views.slice(0, first), hasNextPage: views.length > first };
}

/** The opaque position of a link in the newest-first list. */
export function paymentLinkCursor(link: Pick<PaymentLinkRecord, 'createdAt' | 'id'>): string {
  return cursors.encode({ at: link.createdAt, id: link.id });
}
