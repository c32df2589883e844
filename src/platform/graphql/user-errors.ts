import { DomainError } from '../errors/domain-error.ts';

export interface UserErrorShape {
  field: string | null;
  code: string;
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

/** The single mapping of a domain error to a mutation's `userErrors`. */
export function toUserErrors(error: DomainError, fieldNames: FieldNames = {}): UserErrorShape[] {
  const field = error.field ? (fieldNames[error.field] ?? toGraphQLFieldPath(error.field)) : null;
  const message = error.field && field ? error.message.replaceAll(error.field, field) : error.message;
  return [{ field, code: error.code, message }];
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
