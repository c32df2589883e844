import type { ErrorContract } from '../http/route-contract.ts';
import { DomainError, type DomainErrorKind } from './domain-error.ts';
import { HTTP_STATUS_BY_KIND } from './http-status.ts';

/**
 * A module's error codes as one table: each code (the REST `type`, GraphQL's `userErrors.code`) with its kind
 * (which gives its HTTP status once, platform/errors/http-status.ts). The module's errors are built from it, and
 * so are its REST contracts' error lists: a code that is not in the table does not compile, and the code is
 * written once, in the table (test/platform/error-tables.unit.test.ts holds every table to that).
 */
export type ErrorTable = Readonly<Record<string, DomainErrorKind>>;

type Codes<Table extends ErrorTable> = { readonly [C in keyof Table & string]: C };
type Entries<Table extends ErrorTable> = {
  readonly [C in keyof Table & string]: (when: string, value?: string) => ErrorContract;
};

/**
 * The errors of `table`: `error(code, message, field)`, a REST contract's entry `entry(code, when, value)`, the
 * same entry by name (`entries.order_voided(when)`, for contracts), and the codes by name (`code.order_voided`,
 * where a code is passed on, e.g. to `invalid(field, message, code)`).
 */
export function errorsOf<Table extends ErrorTable>(table: Table) {
  type Code = keyof Table & string;
  const error = (code: Code, message: string, field: string | null = null) =>
    new DomainError(table[code]!, code, message, field);
  const entry = (code: Code, when: string, value?: string): ErrorContract => ({
    status: HTTP_STATUS_BY_KIND[table[code]!],
    type: code,
    when,
    ...(value === undefined ? {} : { value }),
  });
  const codes = Object.keys(table) as Code[];
  return {
    error,
    entry,
    entries: Object.fromEntries(
      codes.map((code) => [code, (when: string, value?: string) => entry(code, when, value)]),
    ) as Entries<Table>,
    code: Object.fromEntries(codes.map((code) => [code, code])) as Codes<Table>,
  };
}

/**
 * The codes every module may give, named by their kind: a bad input, an unknown object (another project's
 * answers alike), a missing or insufficient credential, a rate limit. Modules document them in their contracts
 * with `commonErrorEntries`; platform/openapi/common-errors.ts adds them to every operation they apply to.
 */
export const COMMON_ERRORS = {
  invalid_request: 'invalid_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  rate_limited: 'rate_limited',
} as const satisfies ErrorTable;

const common = errorsOf(COMMON_ERRORS);

/** A REST contract's entry for a common code: `commonErrorEntries.not_found(when, value)`. */
export const commonErrorEntries = common.entries;

/** An error with a common code and its own message: `commonError('not_found', 'There is no list …')`. */
export const commonError = common.error;
