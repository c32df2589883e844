/**
 * Translates the liqe AST into a parameterised WHERE fragment over `o` (orders).
 *
 * Two liqe behaviours are corrected here:
 * - liqe chains AND and OR left to right with equal precedence (`a OR b AND c` becomes `(a OR b) AND c`);
 *   the chain is regrouped so AND (explicit or implicit) binds tighter than OR, as in SQL, KQL and Lucene.
 * - unquoted values arrive converted (`00123` becomes the number 123, `true` a boolean); the value is read
 *   from the original query text instead, so it is exactly what the user typed.
 */
import type { LiteralExpressionToken, ParserAst, TagToken } from 'liqe';
import { queryErrorAt, searchCode } from '../errors.ts';
import { joinSql, notSql, type SqlFragment, sqlFragment, TRUE_SQL } from '../sql-fragment.ts';
import { findSearchField, SEARCH_FIELD_NAMES, type SearchField } from './fields.ts';
import type { RangeTerm } from './ranges.ts';
import { type Comparison, comparisonsFor, type TermOperator, type TermValue } from './values.ts';

export type TranslationInput = {
  /** The query exactly as the user sent it (liqe parsed a same-length copy with ranges replaced). */
  readonly query: string;
  readonly ranges: ReadonlyMap<number, RangeTerm>;
};

export function translateAst(node: ParserAst, input: TranslationInput): SqlFragment {
  switch (node.type) {
    case 'Tag':
      return translateTag(node, input);
    case 'ParenthesizedExpression':
      return translateAst(node.expression, input);
    case 'UnaryOperator':
      return notSql(translateAst(node.operand, input));
    case 'LogicalExpression': {
      const { operands, operators } = flattenChain(node);
      const andGroups: ParserAst[][] = [[operands[0]!]];
      operators.forEach((operator, index) => {
        if (operator === 'OR') andGroups.push([]);
        andGroups.at(-1)!.push(operands[index + 1]!);
      });
      const groups = andGroups.map((group) =>
        joinSql(
          group.map((operand) => translateAst(operand, input)),
          'and',
        ),
      );
      return joinSql(groups, 'or');
    }
    case 'EmptyExpression':
      throw queryErrorAt(searchCode.syntax_error, 'Empty expression', node.location.start);
  }
}

/** The operands and operators of an unparenthesised AND/OR chain, in the order they were written. */
function flattenChain(node: ParserAst): { operands: ParserAst[]; operators: Array<'AND' | 'OR'> } {
  if (node.type !== 'LogicalExpression') return { operands: [node], operators: [] };
  const left = flattenChain(node.left);
  const right = flattenChain(node.right);
  return {
    operands: [...left.operands, ...right.operands],
    operators: [...left.operators, node.operator.operator, ...right.operators],
  };
}

function translateTag(tag: TagToken, input: TranslationInput): SqlFragment {
  if (tag.field.type === 'ImplicitField') return translateFieldlessTerm(tag, input);
  const field = findSearchField(tag.field.name);
  if (!field) {
    throw queryErrorAt(
      searchCode.unknown_field,
      `Unknown field "${tag.field.name}"`,
      tag.field.location.start,
      `known fields: ${SEARCH_FIELD_NAMES.join(', ')}`,
    );
  }
  const value = termValue(tag, field, input);
  return renderComparisons(field, comparisonsFor(field, value));
}

function translateFieldlessTerm(tag: TagToken, input: TranslationInput): SqlFragment {
  const expression = tag.expression;
  const text =
    expression.type === 'LiteralExpression'
      ? literalText(expression, input.query, { allowWildcard: true })
      : input.query.slice(tag.location.start, tag.location.end);
  if (text === '*' && expression.type === 'LiteralExpression' && !expression.quoted) return TRUE_SQL;
  if (/^(and|or|not)$/i.test(text)) {
    throw queryErrorAt(
      searchCode.syntax_error,
      `"${text}" is not an operator`,
      tag.location.start,
      `write ${text.toUpperCase()} in capitals`,
    );
  }
  throw queryErrorAt(
    searchCode.missing_field,
    `Term "${text}" has no field`,
    tag.location.start,
    `write field:value (known fields: ${SEARCH_FIELD_NAMES.join(', ')})`,
  );
}

function termValue(tag: TagToken, field: SearchField, input: TranslationInput): TermValue {
  const expression = tag.expression;
  switch (expression.type) {
    case 'EmptyExpression':
      throw queryErrorAt(
        searchCode.missing_value,
        `Field "${field.name}" has no value`,
        expression.location.start,
      );
    case 'RegexExpression':
      throw queryErrorAt(
        searchCode.unsupported_syntax,
        'Regular expressions are not supported',
        expression.location.start,
      );
    case 'RangeExpression':
      // Unreachable: extractRanges() replaces every range before liqe sees it.
      throw queryErrorAt(searchCode.syntax_error, 'Unexpected range', expression.location.start);
    case 'LiteralExpression': {
      const range = expression.quoted ? input.ranges.get(expression.location.start) : undefined;
      if (range) return { kind: 'range', range };
      return {
        kind: 'single',
        operator: tag.operator.operator as TermOperator,
        operatorPosition: tag.operator.location.start,
        text: literalText(expression, input.query),
        position: expression.location.start,
      };
    }
  }
}

/** The characters liqe accepts in an unquoted value (its grammar has no escapes there). */
const UNQUOTED_VALUE = /^[\w#$*.?@\u0080-\uFFFF-]+/;

/**
 * The value as typed. liqe's `location.end` of a literal is computed from the converted value (`00123` -> 123
 * gives 3 characters), so the unquoted token is re-read from its start in the original query.
 */
function literalText(
  expression: LiteralExpressionToken,
  query: string,
  { allowWildcard }: { allowWildcard: boolean } = { allowWildcard: false },
): string {
  if (expression.quoted) return expression.value;
  const text = UNQUOTED_VALUE.exec(query.slice(expression.location.start))?.[0] ?? String(expression.value);
  if (!allowWildcard && text.includes('*')) {
    throw queryErrorAt(
      searchCode.unsupported_syntax,
      'Wildcards are not supported',
      expression.location.start,
      'description already matches any part of the text; quote the value to search for a literal "*"',
    );
  }
  return text;
}

/**
 * Every leaf is kept two-valued (never SQL NULL), so `NOT` means "every other order": a nullable expression
 * gets an `is not null` guard, and transaction fields are wrapped in `exists`, which is never NULL.
 */
function renderComparisons(field: SearchField, comparisons: readonly Comparison[]): SqlFragment {
  const predicates = comparisons.map((comparison) => renderComparison(field, comparison));
  if (field.scope === 'transaction') {
    const where = predicates.length === 0 ? '' : ` and ${joinSql(predicates, 'and').sql}`;
    return sqlFragment(
      `exists (select 1 from transactions t where t.order_id = o.id${where})`,
      predicates.flatMap((predicate) => predicate.params),
    );
  }
  if (field.nullable) predicates.unshift(sqlFragment(`${field.expression} is not null`));
  return predicates.length === 0 ? TRUE_SQL : joinSql(predicates, 'and');
}

function renderComparison(field: SearchField, { operator, value }: Comparison): SqlFragment {
  switch (field.kind) {
    case 'flag':
      // Containment rather than `= any(...)`: a GIN index on flags can serve it.
      return sqlFragment(`${field.expression} @> cast(array[?] as text[])`, [value]);
    case 'contains':
      return sqlFragment(`${field.expression} ilike ?`, [`%${escapeLikePattern(String(value))}%`]);
    case 'email':
      return sqlFragment(`lower(${field.expression}) = ?`, [value]);
    case 'order_line':
      return sqlFragment(`${field.expression} @> cast(? as jsonb)`, [
        JSON.stringify([{ [field.key!]: String(value) }]),
      ]);
    default:
      return sqlFragment(`${field.expression} ${operator} ?`, [value]);
  }
}

/** Makes `%`, `_` and `\` literal in an (i)like pattern; backslash is PostgreSQL's default escape character. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
