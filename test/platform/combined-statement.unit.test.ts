import { combinedStatement, type SqlPart } from '../../src/platform/db/prepared.ts';

const insertA = (id: string, name: string): SqlPart => ({
  sql: 'insert into a (id, name) values ($1, $2) returning id',
  values: [id, name],
});
const insertB = (note: string): SqlPart => ({
  sql: 'insert into b (a_id, note) select id, $1 from {{previous}}',
  values: [note],
  readsPrevious: true,
  counted: true,
});

describe('a combined statement', () => {
  it('numbers each part’s placeholders after the parts before it, and its values in the same order', () => {
    const { statement, values } = combinedStatement('test.combined', [insertA('1', 'one'), insertB('hi')]);
    expect(statement.text).toBe(
      'with w0 as (insert into a (id, name) values ($1, $2) returning id),\n' +
        'w1 as (insert into b (a_id, note) select id, $3 from w0)\n' +
        'select ((select count(*) from w1))::int as counted',
    );
    expect(values).toEqual(['1', 'one', 'hi']);
  });

  it('is the same prepared statement for the same parts, whatever their values', () => {
    const first = combinedStatement('test.same', [insertA('1', 'one'), insertB('hi')]);
    const second = combinedStatement('test.same', [insertA('2', 'two'), insertB('ho')]);
    expect(second.statement).toBe(first.statement);
    expect(second.values).toEqual(['2', 'two', 'ho']);
  });

  it('is another statement for other parts, another order of them, or another number of values', () => {
    const one = combinedStatement('test.other', [insertA('1', 'one')]).statement;
    const both = combinedStatement('test.other', [insertA('1', 'one'), insertB('hi')]).statement;
    const swapped = combinedStatement('test.other', [insertB('hi'), insertA('1', 'one')]).statement;
    const wider = combinedStatement('test.other', [
      { ...insertA('1', 'one'), values: ['1', 'one', 'x'] },
      insertB('hi'),
    ]).statement;
    expect(new Set([one.name, both.name, swapped.name, wider.name]).size).toBe(4);
    expect(wider.text).toContain('select id, $4 from w0');
    expect(swapped.text).toContain('w1 as (insert into a (id, name) values ($2, $3) returning id)');
  });
});
