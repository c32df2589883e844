import { buildOrderSearchFilter } from './src/modules/search/query/index.ts';
for (const q of process.argv.slice(2)) {
  try { const r = buildOrderSearchFilter(q); console.log(q, '=>', r.sql, JSON.stringify(r.params)); }
  catch (e) { console.log(q, '=> ERR', (e as any).code, (e as Error).message); }
}
