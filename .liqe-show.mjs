import { parse } from 'liqe';
const show = (n) => {
  switch (n.type) {
    case 'LogicalExpression': return `(${show(n.left)} ${n.operator.type==='ImplicitBooleanOperator'?'&':n.operator.operator} ${show(n.right)})`;
    case 'UnaryOperator': return `[${n.operator} ${show(n.operand)}]`;
    case 'ParenthesizedExpression': return `{${show(n.expression)}}`;
    case 'Tag': return `${n.field.name ?? '_'}:${n.expression.value ?? n.expression.type}`;
    default: return n.type;
  }
};
for (const q of process.argv.slice(2)) { try { console.log(q, '=>', show(parse(q))); } catch (e) { console.log(q, 'ERR', e.message); } }
