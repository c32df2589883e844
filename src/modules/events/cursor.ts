/**
 * A position in the events feed: the writing transaction's id and the row's sequence number. The feed is
 * ordered by exactly this pair (see the events-feed migration for why not by the row id alone). Clients see it
 * as an opaque string; they may also name an event by its id wherever a cursor is taken.
 */
export interface Cursor {
  /** The writing transaction's id (PostgreSQL xid8), decimal. */
  txid: string;
  /** outbox_events.id, decimal. */
  id: string;
}

const DIGITS = /^[0-9]{1,20}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.txid}:${cursor.id}`, 'latin1').toString('base64url');
}

/** The cursor in `text`, or null when it is not one of ours. */
export function decodeCursor(text: string): Cursor | null {
  if (text.length > 60 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const [txid, id, extra] = Buffer.from(text, 'base64url').toString('latin1').split(':');
  if (extra !== undefined || !txid || !id || !DIGITS.test(txid) || !DIGITS.test(id)) return null;
  if (BigInt(txid) >= 2n ** 64n || BigInt(id) >= 2n ** 63n) return null;
  return { txid: BigInt(txid).toString(), id: BigInt(id).toString() };
}

/** Negative when a is before b in the feed, 0 when equal, positive when after. */
export function compareCursors(a: Cursor, b: Cursor): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid);
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1;
  const byId = BigInt(a.id) - BigInt(b.id);
  return byId === 0n ? 0 : byId < 0n ? -1 : 1;
}

/** Where a client says to start: a cursor, or the id of an event (resolved by the repository). */
export type Position = { kind: 'cursor'; cursor: Cursor } | { kind: 'event'; eventId: string };

/** Parses a client's `after` / `afterEvent`; null when it is neither a cursor nor an event id. */
export function parsePosition(text: string): Position | null {
  if (UUID.test(text)) return { kind: 'event', eventId: text.toLowerCase() };
  const cursor = decodeCursor(text);
  return cursor ? { kind: 'cursor', cursor } : null;
}
