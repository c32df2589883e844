/**
 * Drops absent (null or undefined) GraphQL input values, so the shared REST-shaped input schemas see exactly
 * the fields that were sent.
 */
export function withoutNulls<T extends object>(values: T): { [K in keyof T]?: NonNullable<T[K]> } {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: NonNullable<T[K]> };
}
