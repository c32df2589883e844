import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 16 bytes of sealed position and 8 of tag, base64url. */
const SEALED = /^[A-Za-z0-9_-]{32}$/;

let keys: { cipher: Buffer; mac: Buffer } | null = null;

/**
 * Sets the key cursors are sealed with, derived (HKDF-SHA256) from the server secret: every process of a
 * deployment must be given the same (IDEMPOTENCY_SECRET, which they already share). Called once at start by the
 * composition root.
 */
export function sealCursorsWith(secret: Buffer): void {
  const derived = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'events feed cursor v1', 64));
  keys = { cipher: derived.subarray(0, 32), mac: derived.subarray(32) };
}

function sealingKeys(): { cipher: Buffer; mac: Buffer } {
  if (!keys)
    throw new Error('event cursors have no key: the composition root calls sealCursorsWith at start');
  return keys;
}

/**
 * The client's cursor of a position: opaque, so that it tells nothing of the gateway's transaction and event
 * volume (the position is a global count). The 16 bytes of (txid, id) are encrypted as one AES-256 block (a
 * pseudorandom permutation: the same position always gives the same cursor, and nothing else about it shows),
 * followed by 8 bytes of HMAC-SHA256 over them, so a cursor the server did not make is refused.
 */
export function encodeCursor(cursor: Cursor): string {
  const { cipher, mac } = sealingKeys();
  const plain = Buffer.alloc(16);
  plain.writeBigUInt64BE(BigInt(cursor.txid), 0);
  plain.writeBigUInt64BE(BigInt(cursor.id), 8);
  const encrypt = createCipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
  const sealed = Buffer.concat([encrypt.update(plain), encrypt.final()]);
  return Buffer.concat([sealed, tagOf(mac, sealed)]).toString('base64url');
}

/** The position in `text`, or null when it is not a cursor this deployment made. */
export function decodeCursor(text: string): Cursor | null {
  if (!SEALED.test(text)) return null;
  const { cipher, mac } = sealingKeys();
  const bytes = Buffer.from(text, 'base64url');
  const sealed = bytes.subarray(0, 16);
  if (!timingSafeEqual(bytes.subarray(16), tagOf(mac, sealed))) return null;
  const decrypt = createDecipheriv('aes-256-ecb', cipher, null).setAutoPadding(false);
  const plain = Buffer.concat([decrypt.update(sealed), decrypt.final()]);
  const id = plain.readBigUInt64BE(8);
  if (id >= 2n ** 63n) return null;
  return { txid: plain.readBigUInt64BE(0).toString(), id: id.toString() };
}

function tagOf(mac: Buffer, sealed: Buffer): Buffer {
  return createHmac('sha256', mac).update(sealed).digest().subarray(0, 8);
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
