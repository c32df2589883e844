import { parse } from 'liqe';
const qs = process.argv.slice(2);
for (const q of qs) {
  try { console.log(q, '=>', JSON.stringify(parse(q), (k,v)=> k==='getValue'?undefined:v)); }
  catch (e) { console.log(q, '=> ERR', e.constructor.name, e.message, e.offset); }
}
