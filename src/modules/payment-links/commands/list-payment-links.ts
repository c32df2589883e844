import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import {
  type PaymentLinkRecord,
  PaymentLinkRepository,
  type PaymentLinkView,
} from '../payment-link.repository.ts';

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
  const after = input.after ? decodeCursor(input.after) : null;
  const views = await deps.db.read((uow) =>
    new PaymentLinkRepository(uow).list(actor.projectId, after, first + 1),
  );
  return { links: views.slice(0, first), hasNextPage: views.length > first };
}

/** The opaque position of a link in the newest-first list. */
export function paymentLinkCursor(link: Pick<PaymentLinkRecord, 'createdAt' | 'id'>): string {
  return Buffer.from(`${link.createdAt.toISOString()}|${link.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuidText(id) || Number.isNaN(createdAt.getTime())) {
    throw invalid('after', 'is not a cursor of this list');
  }
  return { createdAt, id };
}
