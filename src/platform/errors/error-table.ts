import type { ErrorContract } from '../http/route-contract.ts';
import { DomainError, type DomainErrorKind } from './domain-error.ts';
import { HTTP_STATUS_BY_KIND } from './http-status.ts';

/**
 * A module's error codes as one table: each code (the REST `type`, GraphQL's `userErrors.code`) with its kind
 * (which gives its HTTP status once, platform/errors/http-status.ts). The module's errors are built from it, and
 * so are its REST contracts' error lists: a code that is not in the table does not compile.
 */
export type ErrorTable = Readonly<Record<string, DomainErrorKind>>;

/** The errors of `table`: `error(code, message, field)` and the contract entry `entry(code, when, value)`. */
export function errorsOf<Table extends ErrorTable>(table: Table) {
  type Code = keyof Table & string;
  return {
    error: (code: Code, message: string, field: string | null = null) =>
      new DomainError(table[code]!, code, message, field),
    entry: (code: Code, when: string, value?: string): ErrorContract => ({
      status: HTTP_STATUS_BY_KIND[table[code]!],
      type: code,
      when,
      ...(value === undefined ? {} : { value }),
    }),
  };
}
