import luhn10 from 'card-validator/dist/luhn-10.js';

/**
 * Card numbers where none should be: in a GraphQL document's string literals (refused: card data goes in
 * variables, which are never part of the stored or logged query text). A card number here is a run of 12 to 19 digits, optionally
 * grouped by single spaces or hyphens as people type them, that passes the Luhn check, and that stands on its
 * own: a run glued to a letter, a digit or an underscore, or lying inside a UUID, is part of an identifier.
 * Without that, one UUID in a few thousand (every id and setup token this API issues is one) holds a hyphen-
 * grouped run that passes Luhn, and a document quoting it was refused.
 */
const DIGIT_RUN = /\d(?:[ -]?\d){11,18}(?![ -]?\d)/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IDENTIFIER_CHARACTER = /\w/;

/** Where card numbers occur in `text` (start and end offsets). */
export function findCardNumbers(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let uuids: { start: number; end: number }[] | undefined;
  for (const match of text.matchAll(DIGIT_RUN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (partOfLongerToken(text, start, end)) continue;
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length < 12 || digits.length > 19 || !luhn10(digits)) continue;
    uuids ??= [...text.matchAll(UUID)].map((uuid) => ({
      start: uuid.index,
      end: uuid.index + uuid[0].length,
    }));
    if (uuids.some((uuid) => start < uuid.end && end > uuid.start)) continue;
    found.push({ start, end });
  }
  return found;
}

/** Glued to a letter, digit or underscore on either side (the regex already refuses grouped digits after). */
function partOfLongerToken(text: string, start: number, end: number): boolean {
  return (
    (start > 0 && IDENTIFIER_CHARACTER.test(text[start - 1]!)) ||
    (end < text.length && IDENTIFIER_CHARACTER.test(text[end]!))
  );
}

export function containsCardNumber(text: string): boolean {
  return findCardNumbers(text).length > 0;
}
