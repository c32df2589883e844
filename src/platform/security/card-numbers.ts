import luhn10 from 'card-validator/dist/luhn-10.js';

/**
 * Card numbers where none should be: in a GraphQL document's string literals (refused: card data goes in
 * variables, which are never part of the stored or logged query text), and in any text the idempotency
 * fingerprint covers (removed before hashing). A card number here is a run of 12 to 19 digits, optionally
 * grouped by single spaces or hyphens as people type them, that passes the Luhn check.
 */
const DIGIT_RUN = /\d(?:[ -]?\d){11,18}(?![ -]?\d)/g;

/** Where card numbers occur in `text` (start and end offsets). */
export function findCardNumbers(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const match of text.matchAll(DIGIT_RUN)) {
    const start = match.index;
    // A run glued to more digits before it is part of a longer number, not a card number.
    if (start > 0 && /\d/.test(text[start - 1]!)) continue;
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 12 && digits.length <= 19 && luhn10(digits)) {
      found.push({ start, end: start + match[0].length });
    }
  }
  return found;
}

export function containsCardNumber(text: string): boolean {
  return findCardNumbers(text).length > 0;
}

/** `text` with every card number cut out. */
export function withoutCardNumbers(text: string): string {
  let result = '';
  let from = 0;
  for (const { start, end } of findCardNumbers(text)) {
    result += text.slice(from, start);
    from = end;
  }
  return result + text.slice(from);
}
