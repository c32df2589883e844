/** `see-transactions` <-> `SEE_TRANSACTIONS`: GraphQL enum names cannot hold hyphens. */
export function toGraphQLEnum<T extends string>(value: string): T {
  return value.toUpperCase().replace(/-/g, '_') as T;
}

export function fromGraphQLEnum(value: string): string {
  return value.toLowerCase().replace(/_/g, '-');
}
