import { isUuidText } from '../validation/uuid.ts';

/** Where an item stands in a list ordered by (time, id), newest first: what a page's cursor encodes. */
export interface ListPosition {
  at: Date;
  id: string;
}

/** The cursors of one newest-first list (one GraphQL connection): made by it, and taken only by it. */
export interface ListCursors {
  /** The opaque cursor of a position, for `after` of the next page. */
  encode(position: ListPosition): string;
  /** The position a cursor names; null for anything this list's `encode` did not make. */
  decode(text: string): ListPosition | null;
}

const KIND = /^[a-z][a-z-]{0,31}$/;
/**
 * A time as `encode` writes it (`toISOString` of a year 0000-9999). A Date holds years PostgreSQL does not
 * (-271821, +275760: its timestamps end at 4713 BC), and a forged cursor with one was an internal error.
 */
const ENCODED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const kinds = new Set<string>();

/**
 * The cursors of the list `kind` (`audit-event`, `payment-link`, `webhook-delivery`): base64url of
 * `kind|time|id`. Every such list is ordered by (time, id), so without the kind one list's cursor would decode
 * as a position in another (an audit entry's time and id paging the webhook deliveries): each cursor names its
 * list, and a cursor of another list is refused as a malformed one is. One kind per list: a second list taking
 * a kind already taken is a programming error, thrown when its module loads.
 */
export function listCursors(kind: string): ListCursors {
  if (!KIND.test(kind)) throw new Error(`list cursor kind "${kind}": lower-case letters and -, at most 32`);
  if (kinds.has(kind)) throw new Error(`list cursor kind "${kind}" is taken by another list`);
  kinds.add(kind);
  return {
    encode: (position) =>
      Buffer.from(`${kind}|${position.at.toISOString()}|${position.id}`).toString('base64url'),
    decode: (text) => {
      const [named, time, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
      if (named !== kind || extra !== undefined || !id || !isUuidText(id) || !ENCODED_TIME.test(time ?? '')) {
        return null;
      }
      const at = new Date(time!);
      return Number.isNaN(at.getTime()) ? null : { at, id };
    },
  };
}
