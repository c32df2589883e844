import { isUuidText } from '../validation/uuid.ts';

/** Where an item stands in a list ordered by (time, id), newest first: what a page's cursor encodes. */
export interface ListPosition {
  at: Date;
  id: string;
}

/** The opaque cursor of a position (base64url of `time|id`), for `after` of the next page. */
export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`).toString('base64url');
}

/** The position a cursor names; null for anything `encodeListCursor` did not make. */
export function decodeListCursor(text: string): ListPosition | null {
  const [time, id, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const at = new Date(time ?? '');
  if (extra !== undefined || !id || !isUuidText(id) || Number.isNaN(at.getTime())) return null;
  return { at, id };
}
