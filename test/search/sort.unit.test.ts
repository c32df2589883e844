import { SearchQueryError } from '../../src/modules/search/errors.ts';
import {
  formatSort,
  keysetPredicate,
  orderBySql,
  parseSort,
  sortValueSql,
} from '../../src/modules/search/sort.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('sort parsing', () => {
  it('defaults to newest first', () => {
    expect(formatSort(parseSort(undefined))).toBe('created desc');
    expect(formatSort(parseSort(null))).toBe('created desc');
    expect(formatSort(parseSort('  '))).toBe('created desc');
  });

  it.each([
    ['created asc', 'created asc'],
    ['created desc', 'created desc'],
    ['amount desc', 'amount desc'],
    ['modified asc', 'modified asc'],
    ['completed desc', 'completed desc'],
    ['  Created   DESC ', 'created desc'],
    ['amount', 'amount asc'],
  ])('reads %j as %j', (input, canonical) => {
    expect(formatSort(parseSort(input))).toBe(canonical);
  });

  it('always ends with the id tiebreaker in the same direction', () => {
    for (const input of ['created asc', 'amount desc', 'completed asc']) {
      const spec = parseSort(input);
      expect(spec.columns[1]).toEqual({
        expression: 'o.id',
        type: 'uuid',
        nullable: false,
        direction: spec.direction,
      });
    }
  });

  it.each(['colour asc', 'created sideways', 'created asc extra', 'id desc', 'created:desc'])(
    'refuses %j',
    (input) => {
      expect(() => parseSort(input)).toThrow(SearchQueryError);
      try {
        parseSort(input);
      } catch (error) {
        expect((error as SearchQueryError).code).toBe('invalid_sort');
        expect((error as SearchQueryError).message).toContain('created, modified, completed, amount');
      }
    },
  );
});

describe('ORDER BY', () => {
  it('orders by the column then the id', () => {
    expect(orderBySql(parseSort('created asc'))).toBe('o.created_at asc, o.id asc');
    expect(orderBySql(parseSort('amount desc'))).toBe('o.amount desc, o.id desc');
  });

  it('puts orders that never completed last in both directions', () => {
    expect(orderBySql(parseSort('completed asc'))).toBe('o.completed_at asc nulls last, o.id asc');
    expect(orderBySql(parseSort('completed desc'))).toBe('o.completed_at desc nulls last, o.id desc');
  });
});

describe('sort value selection', () => {
  it('renders timestamps as UTC text with microseconds', () => {
    expect(sortValueSql(parseSort('modified desc'))).toBe(
      `to_char(o.modified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    );
  });

  it('renders amounts as text so bigints stay exact', () => {
    expect(sortValueSql(parseSort('amount asc'))).toBe('cast(o.amount as text)');
  });
});

describe('keyset predicate', () => {
  const at = '2026-11-21T10:00:00.123456Z';

  it('continues after the last row with a row comparison in the sort direction', () => {
    expect(keysetPredicate(parseSort('created desc'), { value: at, id: ID })).toEqual({
      sql: '(o.created_at, o.id) < (cast(? as timestamptz), cast(? as uuid))',
      params: [at, ID],
    });
    expect(keysetPredicate(parseSort('created asc'), { value: at, id: ID }).sql).toBe(
      '(o.created_at, o.id) > (cast(? as timestamptz), cast(? as uuid))',
    );
  });

  it('casts amount values to bigint', () => {
    expect(keysetPredicate(parseSort('amount asc'), { value: '995', id: ID })).toEqual({
      sql: '(o.amount, o.id) > (cast(? as bigint), cast(? as uuid))',
      params: ['995', ID],
    });
  });

  it('after a completed order, still reaches the orders that never completed', () => {
    expect(keysetPredicate(parseSort('completed desc'), { value: at, id: ID })).toEqual({
      sql: '((o.completed_at, o.id) < (cast(? as timestamptz), cast(? as uuid)) or o.completed_at is null)',
      params: [at, ID],
    });
  });

  it('after an order that never completed, continues among those by id only', () => {
    expect(keysetPredicate(parseSort('completed asc'), { value: null, id: ID })).toEqual({
      sql: '(o.completed_at is null and o.id > cast(? as uuid))',
      params: [ID],
    });
    expect(keysetPredicate(parseSort('completed desc'), { value: null, id: ID }).sql).toBe(
      '(o.completed_at is null and o.id < cast(? as uuid))',
    );
  });

  it('refuses a missing value for a column that is never empty', () => {
    expect(() => keysetPredicate(parseSort('created asc'), { value: null, id: ID })).toThrow(
      expect.objectContaining({ code: 'invalid_cursor' }),
    );
  });
});
