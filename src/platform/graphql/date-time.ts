import { GraphQLError, GraphQLScalarType, type ValueNode } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';

const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/**
 * graphql-scalars' `DateTime` (RFC 3339), limited to the years 0001-9999 that PostgreSQL and ISO 8601's four digits
 * share: year 0000 passes RFC 3339 but reached the database as a value it refuses (a 500 for input). Outside that
 * range an argument is refused like any malformed `DateTime`.
 */
export const BoundedDateTime = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  parseValue(value: unknown) {
    return withinYears(DateTimeResolver.parseValue(value));
  },
  parseLiteral(node: ValueNode, variables?: Record<string, unknown> | null) {
    return withinYears(DateTimeResolver.parseLiteral(node, variables));
  },
});

function withinYears(value: unknown): unknown {
  if (value instanceof Date) {
    const year = value.getUTCFullYear();
    if (year < FIRST_YEAR || year > LAST_YEAR) {
      throw new GraphQLError(`DateTime must lie in the years ${FIRST_YEAR}-${LAST_YEAR}`);
    }
  }
  return value;
}
