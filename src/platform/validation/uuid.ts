const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can be a uuid at all: anything else is "not found" without asking PostgreSQL (which would fail). */
export function isUuidText(value: string): boolean {
  return UUID.test(value);
}

/** The ids among `values` that can be uuids, in lower case (as PostgreSQL answers them), for batch lookups. */
export function uuidsAmong(values: readonly string[]): string[] {
  return values.filter(isUuidText).map((value) => value.toLowerCase());
}
