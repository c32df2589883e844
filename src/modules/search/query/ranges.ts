/**
 * liqe only parses numeric ranges (`amount:[1 TO 5]`); `created:[2026-11-01 TO 2026-11-21]` is a syntax error
 * for it. So ranges are cut out before liqe runs: every `field:[from TO to]` (or `{...}` for exclusive bounds)
 * is replaced by a double-quoted placeholder of exactly the same length, so every liqe location still points
 * into the original string, and the range is kept here keyed by its start offset.
 */
import { queryErrorAt, searchCode } from '../errors.ts';

export type RangeBound = {
  /** The bound as written; `*` means open. */
  readonly text: string;
  readonly position: number;
  readonly inclusive: boolean;
};

export type RangeTerm = {
  readonly position: number;
  readonly lower: RangeBound;
  readonly upper: RangeBound;
};

export type RangeExtraction = {
  /** The query with each range replaced by a same-length quoted placeholder. */
  readonly text: string;
  /** Ranges by the offset of their opening bracket (= the placeholder's liqe location.start). */
  readonly ranges: ReadonlyMap<number, RangeTerm>;
};

const RANGE_BODY = /^(\s*)(\S+)(\s+)TO(\s+)(\S+)\s*$/;

export function extractRanges(query: string): RangeExtraction {
  const ranges = new Map<number, RangeTerm>();
  let text = '';
  let copiedUpTo = 0;
  let i = 0;
  while (i < query.length) {
    const char = query[i];
    if (char === '"' || char === "'") {
      i = endOfQuotedString(query, i);
      continue;
    }
    if ((char === '[' || char === '{') && query[i - 1] === ':') {
      const close = indexOfRangeClose(query, i + 1);
      if (close === -1)
        throw queryErrorAt(searchCode.invalid_range, 'Range is not closed with "]" or "}"', i);
      ranges.set(i, parseRangeBody(query, i, close));
      text += `${query.slice(copiedUpTo, i)}"${'r'.repeat(close - i - 1)}"`;
      copiedUpTo = close + 1;
      i = close + 1;
      continue;
    }
    i += 1;
  }
  return { text: text + query.slice(copiedUpTo), ranges };
}

/** Returns the offset after the closing quote; backslash escapes the next character, as in liqe. */
function endOfQuotedString(query: string, open: number): number {
  const quote = query[open];
  for (let j = open + 1; j < query.length; j += 1) {
    if (query[j] === '\\') j += 1;
    else if (query[j] === quote) return j + 1;
  }
  throw queryErrorAt(
    searchCode.syntax_error,
    'Unclosed quote',
    open,
    'the quoted value starting here has no closing quote',
  );
}

function indexOfRangeClose(query: string, from: number): number {
  for (let j = from; j < query.length; j += 1) {
    if (query[j] === ']' || query[j] === '}') return j;
  }
  return -1;
}

function parseRangeBody(query: string, open: number, close: number): RangeTerm {
  const body = RANGE_BODY.exec(query.slice(open + 1, close));
  if (!body) {
    throw queryErrorAt(
      searchCode.invalid_range,
      'Malformed range',
      open,
      'write [from TO to] with TO in capitals',
    );
  }
  const [, leading, from, gapBefore, gapAfter, to] = body as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const lowerPosition = open + 1 + leading.length;
  const upperPosition = lowerPosition + from.length + gapBefore.length + 'TO'.length + gapAfter.length;
  return {
    position: open,
    lower: { text: from, position: lowerPosition, inclusive: query[open] === '[' },
    upper: { text: to, position: upperPosition, inclusive: query[close] === ']' },
  };
}
