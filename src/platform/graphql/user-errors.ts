import { DomainError } from '../errors/domain-error.ts';
import { renderProblem } from '../errors/field-problem.ts';

export interface UserErrorShape {
  field: string | null;
  code: string;
  /** The kind of problem with `field` (the REST error's `fields[].code`); null for an error about no field. */
  problem: string | null;
  message: string;
}

/** `transactions.0.payment_method` -> `transactions.0.paymentMethod`: GraphQL inputs are camelCase. */
export function toGraphQLFieldPath(field: string | null): string | null {
  if (!field) return null;
  return field
    .split('.')
    .map((part) => part.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()))
    .join('.');
}

/**
 * REST input field -> GraphQL input path, for fields whose GraphQL name is not simply the camelCase one
 * (`3ds_version` -> `threeDSVersion`, `browser_info_language` -> `browserInfo.language`).
 */
export type FieldNames = Readonly<Record<string, string>>;

/** The GraphQL input path of a REST field path: an explicit name, else the camelCase of each segment. */
export function graphQLFieldName(field: string | null, fieldNames: FieldNames = {}): string | null {
  if (!field) return null;
  return fieldNames[field] ?? toGraphQLFieldPath(field);
}

/**
 * The single mapping of a domain error to a mutation's `userErrors`: one entry per problem, each naming its
 * field by its GraphQL input path (also inside the message); `code` is the REST error `type`.
 */
export function toUserErrors(error: DomainError, fieldNames: FieldNames = {}): UserErrorShape[] {
  if (error.problems.length === 0) {
    return [{ field: null, code: error.code, problem: null, message: error.message }];
  }
  return error.problems.map((problem) => {
    const field = graphQLFieldName(problem.field, fieldNames);
    return { field, code: error.code, problem: problem.code, message: renderProblem(problem, field) };
  });
}

/**
 * Runs a mutation's command: success fills the payload, a domain error becomes `userErrors` (and its
 * database transaction was rolled back, so nothing was written). Anything else is a real fault.
 */
export async function mutationPayload<T extends object>(
  work: () => Promise<T>,
  empty: { [K in keyof T]: null },
  options: { fieldNames?: FieldNames } = {},
): Promise<(T | { [K in keyof T]: null }) & { userErrors: UserErrorShape[] }> {
  try {
    return { ...(await work()), userErrors: [] };
  } catch (error) {
    if (error instanceof DomainError) {
      return { ...empty, userErrors: toUserErrors(error, options.fieldNames) };
    }
    throw error;
  }
}
