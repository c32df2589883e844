/** The create body's members whose value is the merchant's own JSON, kept exactly as sent. */
const FREE_FORM = new Set(['client', 'extra']);

/**
 * A create body as the plugins' clients write it, read as the spec means it: an optional field sent as `null`
 * is a field left out (ginger-python sends a dict's `None` as `null`; PHP plugins build arrays with null
 * values), and `extra` or `client` sent as `[]` is an empty object (PHP's `json_encode` of an empty array). The
 * merchant's own JSON under `extra` and `client` keeps its nulls as sent. Anything else is left for the create's
 * own parse to judge.
 */
export function createBodyAsMeant(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const meant: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === null) continue;
    if (FREE_FORM.has(key)) meant[key] = Array.isArray(value) && value.length === 0 ? {} : value;
    else meant[key] = withoutNulls(value);
  }
  return meant;
}

function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) kept[key] = withoutNulls(member);
  }
  return kept;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
