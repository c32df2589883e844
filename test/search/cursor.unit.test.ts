import { decodeCursor, encodeCursor, FIRST_PAGE } from '../../src/modules/search/cursor.ts';
import { SearchQueryError } from '../../src/modules/search/errors.ts';
import { parseSort } from '../../src/modules/search/sort.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = '2026-11-21T10:00:00.123456Z';

function refusal(run: () => unknown): SearchQueryError {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchQueryError) return error;
    throw error;
  }
  throw new Error('expected a SearchQueryError');
}

const encodeRaw = (payload: unknown): string => Buffer.from(JSON.stringify(payload)).toString('base64url');

describe('search_after cursor', () => {
  it('reads -1 as the first page', () => {
    expect(FIRST_PAGE).toBe('-1');
    expect(decodeCursor('-1', parseSort('created desc'), 20)).toBeNull();
  });

  it('round-trips the last sort key', () => {
    const sort = parseSort('created desc');
    const cursor = encodeCursor(sort, 20, { value: AT, id: ID });
    expect(decodeCursor(cursor, sort, 20)).toEqual({ value: AT, id: ID });
  });

  it('round-trips an order that never completed and an amount', () => {
    const completed = parseSort('completed asc');
    expect(decodeCursor(encodeCursor(completed, 5, { value: null, id: ID }), completed, 5)).toEqual({
      value: null,
      id: ID,
    });
    const amount = parseSort('amount desc');
    const big = '9007199254740993';
    expect(decodeCursor(encodeCursor(amount, 5, { value: big, id: ID }), amount, 5)).toEqual({
      value: big,
      id: ID,
    });
  });

  it('is opaque base64url text without padding', () => {
    expect(encodeCursor(parseSort('created asc'), 20, { value: AT, id: ID })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('holds the sort field, direction, size and last sort values', () => {
    const cursor = encodeCursor(parseSort('amount asc'), 50, { value: '995', id: ID });
    expect(JSON.parse(Buffer.from(cursor, 'base64url').toString())).toEqual({
      v: 1,
      field: 'amount',
      direction: 'asc',
      size: 50,
      after: ['995', ID],
    });
  });

  it.each([
    ['the sort field changed', 'amount desc', 20],
    ['the direction changed', 'created asc', 20],
    ['the size changed', 'created desc', 50],
  ])('refuses a cursor when %s within one run', (_, sort, size) => {
    const cursor = encodeCursor(parseSort('created desc'), 20, { value: AT, id: ID });
    const error = refusal(() => decodeCursor(cursor, parseSort(sort), size));
    expect(error.code).toBe('cursor_mismatch');
    expect(error.message).toContain('sort "created desc" and size 20');
    expect(error.message).toContain('search_after "-1"');
  });

  const created = (after: unknown[], extra: Record<string, unknown> = {}): string =>
    encodeRaw({ v: 1, field: 'created', direction: 'desc', size: 20, after, ...extra });

  it.each([
    ['not base64url', 'abc+/=', 'created desc'],
    ['not JSON', Buffer.from('hello').toString('base64url'), 'created desc'],
    ['an unknown version', created([AT, ID], { v: 2 }), 'created desc'],
    ['an unknown field', created([AT, ID], { field: 'colour' }), 'created desc'],
    ['missing its size', created([AT, ID], { size: undefined }), 'created desc'],
    ['a bad id', created([AT, 'x']), 'created desc'],
    ['a bad timestamp', created(['yesterday', ID]), 'created desc'],
    ['an impossible date', created(['2026-02-30T00:00:00Z', ID]), 'created desc'],
    ['a missing created value', created([null, ID]), 'created desc'],
    ['a non-integer amount', created(['9.95', ID], { field: 'amount' }), 'amount desc'],
    ['something very long', 'A'.repeat(600), 'created desc'],
  ])('refuses a cursor that is %s', (_, cursor, sort) => {
    const error = refusal(() => decodeCursor(cursor, parseSort(sort), 20));
    expect(error.code).toBe('invalid_cursor');
    expect(error.message).toContain('"-1"');
  });
});
