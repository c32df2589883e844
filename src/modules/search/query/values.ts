/**
 * Type-aware validation of a term's value: turns `field:value`, `field:>value` or `field:[from TO to]` into
 * the comparisons the translator renders against the field's SQL expression.
 */

import { ORDER_STATUSES } from '../../orders/index.ts';
import { queryErrorAt, searchCode } from '../errors.ts';
import type { SearchField } from './fields.ts';
import type { RangeBound, RangeTerm } from './ranges.ts';

/** The liqe comparison operators; `:` and `:=` both mean "equals" (a whole day for dates). */
export type TermOperator = ':' | ':=' | ':>' | ':>=' | ':<' | ':<=';

export type TermValue =
  | {
      readonly kind: 'single';
      readonly operator: TermOperator;
      readonly operatorPosition: number;
      readonly text: string;
      readonly position: number;
    }
  | { readonly kind: 'range'; readonly range: RangeTerm };

export type Comparison = {
  readonly operator: '=' | '>' | '>=' | '<' | '<=';
  readonly value: string | number;
};

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CURRENCY = /^[A-Za-z]{3}$/;
const DIGITS = /^\d+$/;

export function comparisonsFor(field: SearchField, value: TermValue): Comparison[] {
  if (field.kind === 'date') return dateComparisons(value);
  if (field.kind === 'amount') return amountComparisons(value);
  if (value.kind === 'range') {
    throw queryErrorAt(
      searchCode.invalid_range,
      `Field "${field.name}" does not take a range`,
      value.range.position,
      'only amount, created, modified and completed do',
    );
  }
  if (value.operator !== ':' && value.operator !== ':=') {
    throw queryErrorAt(
      searchCode.unsupported_syntax,
      `Field "${field.name}" does not support "${value.operator}"`,
      value.operatorPosition,
      'only amount, created, modified and completed do',
    );
  }
  return [{ operator: '=', value: equalityValue(field, value.text, value.position) }];
}

function equalityValue(field: SearchField, text: string, position: number): string {
  switch (field.kind) {
    case 'uuid':
      if (!UUID.test(text))
        throw queryErrorAt(
          searchCode.invalid_value,
          `"${text}" is not a valid uuid for field "id"`,
          position,
        );
      return text.toLowerCase();
    case 'order_status': {
      const status = text.toLowerCase();
      if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
        throw queryErrorAt(
          searchCode.invalid_value,
          `"${text}" is not an order status`,
          position,
          `use one of ${ORDER_STATUSES.join(', ')}`,
        );
      }
      return status;
    }
    case 'currency':
      if (!CURRENCY.test(text)) {
        throw queryErrorAt(
          searchCode.invalid_value,
          `"${text}" is not a three-letter ISO 4217 currency code`,
          position,
        );
      }
      return text.toUpperCase();
    case 'lowercase_keyword':
    case 'email':
      return text.toLowerCase();
    default:
      return text;
  }
}

/** Start of the UTC day `YYYY-MM-DD` in epoch milliseconds. */
function parseDay(text: string, position: number): number {
  const match = DAY.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  if (
    !match ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    throw queryErrorAt(
      searchCode.invalid_value,
      `"${text}" is not a valid date`,
      position,
      'write dates as YYYY-MM-DD',
    );
  }
  return start;
}

/** The last instant of year 9999: past it, `toISOString` writes a six-digit year (`+010000-…`), which PostgreSQL refuses. */
const LAST_FOUR_DIGIT_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** An instant as PostgreSQL reads it; the end of 9999-12-31 (a day's upper bound) is `infinity`. */
const instant = (ms: number): string =>
  ms > LAST_FOUR_DIGIT_INSTANT ? 'infinity' : new Date(ms).toISOString();

/** Dates are whole UTC days: a day D covers [D 00:00Z, D+1 00:00Z). */
function dateComparisons(value: TermValue): Comparison[] {
  if (value.kind === 'single') {
    const day = parseDay(value.text, value.position);
    switch (value.operator) {
      case ':>':
        return [{ operator: '>=', value: instant(day + DAY_MS) }];
      case ':>=':
        return [{ operator: '>=', value: instant(day) }];
      case ':<':
        return [{ operator: '<', value: instant(day) }];
      case ':<=':
        return [{ operator: '<', value: instant(day + DAY_MS) }];
      default:
        return [
          { operator: '>=', value: instant(day) },
          { operator: '<', value: instant(day + DAY_MS) },
        ];
    }
  }
  const { lower, upper } = value.range;
  const from = isOpen(lower)
    ? undefined
    : parseDay(lower.text, lower.position) + (lower.inclusive ? 0 : DAY_MS);
  const until = isOpen(upper)
    ? undefined
    : parseDay(upper.text, upper.position) + (upper.inclusive ? DAY_MS : 0);
  if (from !== undefined && until !== undefined && from >= until) {
    throw queryErrorAt(
      searchCode.invalid_range,
      `Date range "${lower.text} TO ${upper.text}" is empty`,
      value.range.position,
    );
  }
  const comparisons: Comparison[] = [];
  if (from !== undefined) comparisons.push({ operator: '>=', value: instant(from) });
  if (until !== undefined) comparisons.push({ operator: '<', value: instant(until) });
  return comparisons;
}

function parseAmount(text: string, position: number): number {
  const amount = Number(text);
  if (!DIGITS.test(text)) {
    throw queryErrorAt(
      searchCode.invalid_value,
      `Amount "${text}" is not a non-negative integer`,
      position,
      'amounts are in minor units: 995 means 9.95 EUR',
    );
  }
  if (!Number.isSafeInteger(amount))
    throw queryErrorAt(searchCode.invalid_value, `Amount "${text}" is too large`, position);
  return amount;
}

function amountComparisons(value: TermValue): Comparison[] {
  if (value.kind === 'single') {
    const amount = parseAmount(value.text, value.position);
    const operator = value.operator === ':' || value.operator === ':=' ? '=' : value.operator.slice(1);
    return [{ operator: operator as Comparison['operator'], value: amount }];
  }
  const { lower, upper } = value.range;
  const from = isOpen(lower) ? undefined : parseAmount(lower.text, lower.position);
  const to = isOpen(upper) ? undefined : parseAmount(upper.text, upper.position);
  if (from !== undefined && to !== undefined) {
    const lowest = lower.inclusive ? from : from + 1;
    const highest = upper.inclusive ? to : to - 1;
    if (lowest > highest) {
      throw queryErrorAt(
        searchCode.invalid_range,
        `Amount range "${from} TO ${to}" is empty`,
        value.range.position,
      );
    }
  }
  const comparisons: Comparison[] = [];
  if (from !== undefined) comparisons.push({ operator: lower.inclusive ? '>=' : '>', value: from });
  if (to !== undefined) comparisons.push({ operator: upper.inclusive ? '<=' : '<', value: to });
  return comparisons;
}

const isOpen = (bound: RangeBound): boolean => bound.text === '*';
