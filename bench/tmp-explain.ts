import pg from 'pg';
import { planOrderSearch } from '../src/modules/search/plan.ts';
import { numbered } from '../src/modules/search/search.repository.ts';
import { joinSql, sqlFragment } from '../src/modules/search/sql-fragment.ts';
import { encodeCursor } from '../src/modules/search/cursor.ts';
import { parseSort } from '../src/modules/search/sort.ts';

const PROJECT = '6ef33fab-5a4a-4078-819b-4d838aa612c2';
const c = new pg.Client({ connectionString: 'postgres://postgres:postgres@127.0.0.1:55432/explore' });
await c.connect();
const [query, sort, deepArg, mode] = process.argv.slice(2);
let search_after: string | undefined = deepArg === 'none' ? undefined : '-1';
if (deepArg && deepArg !== 'none' && deepArg !== 'first') {
  const spec = parseSort(sort);
  const { rows } = await c.query(`select ${'x'}`.replace('x', '1'));
  void rows;
  const r = await c.query(`select to_char(${spec.columns[0].expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as value, o.id::text as id from orders o where project_id=$1 order by ${spec.columns.map(x=>x.expression + ' ' + x.direction + (x.nullable?' nulls last':'')).join(', ')} offset $2 limit 1`, [PROJECT, Number(deepArg)]);
  search_after = encodeCursor(spec, 20, r.rows[0]);
}
const plan = planOrderSearch({ query, sort, size: 20, search_after });
const where = joinSql([sqlFragment('o.project_id = cast(? as uuid)', [PROJECT]), mode === 'count' ? plan.filter : plan.where], 'and');
const f = mode === 'count'
  ? sqlFragment(`select count(*) from orders o where ${where.sql}`, where.params)
  : sqlFragment(`select o.id, ${plan.sortValueSql} from orders o where ${where.sql} order by ${plan.orderBy} limit ? offset ?`, [...where.params, 21, plan.offset]);
const { text, values } = numbered(f);
const res = await c.query(`explain (analyze, buffers, costs off) ${text}`, values);
process.stdout.write(res.rows.map((r: any) => r['QUERY PLAN']).join('\n') + '\n');
await c.end();
