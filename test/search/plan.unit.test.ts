import { encodeCursor } from '../../src/modules/search/cursor.ts';
import { cursorAfter, planOrderSearch } from '../../src/modules/search/plan.ts';
import { parseSort } from '../../src/modules/search/sort.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AT = '2026-11-21T10:00:00.123456Z';

describe('order search plan', () => {
  it('plans a simple page with the default sort', () => {
    expect(planOrderSearch({ query: 'status:new', start: 40, size: 20 })).toEqual({
      sort: parseSort('created desc'),
      size: 20,
      filter: { sql: 'o.status = ?', params: ['new'] },
      where: { sql: 'o.status = ?', params: ['new'] },
      orderBy: 'o.created_at desc, o.id desc',
      sortValueSql: `to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      limit: 20,
      offset: 40,
    });
  });

  it('adds no keyset predicate on the first search_after page', () => {
    const plan = planOrderSearch({ query: '*', sort: 'amount asc', size: 10, search_after: '-1' });
    expect(plan.where).toEqual({ sql: 'true', params: [] });
    expect(plan.offset).toBe(0);
  });

  it('continues after the cursor of the previous page, after the query parameters', () => {
    const first = planOrderSearch({ query: 'status:new', sort: 'amount asc', size: 10, search_after: '-1' });
    const cursor = cursorAfter(first, { value: '995', id: ID });
    const next = planOrderSearch({ query: 'status:new', sort: 'amount asc', size: 10, search_after: cursor });
    expect(next.where).toEqual({
      sql: '(o.status = ? and (o.amount, o.id) > (cast(? as bigint), cast(? as uuid)))',
      params: ['new', '995', ID],
    });
    expect(next.filter).toEqual({ sql: 'o.status = ?', params: ['new'] });
  });

  it('refuses a cursor from a run with another size', () => {
    const cursor = encodeCursor(parseSort('created desc'), 20, { value: AT, id: ID });
    expect(() => planOrderSearch({ query: '*', size: 21, search_after: cursor })).toThrow(
      expect.objectContaining({ code: 'cursor_mismatch' }),
    );
  });

  it('reports query errors before paging errors', () => {
    expect(() => planOrderSearch({ query: 'colour:red', start: 1, search_after: '-1' })).toThrow(
      expect.objectContaining({ code: 'unknown_field' }),
    );
  });
});
