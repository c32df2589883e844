/**
 * How a REST body is read before its command parses it, for the clients merchants run: an optional field sent
 * as `null` is a field left out (ginger-python sends a dict's `None` as `null`; PHP plugins build arrays with
 * null values), at any depth of the body's own structure; and a member holding the merchant's own JSON
 * (`extra`, `client`) sent as `[]` is an empty object (PHP's `json_encode` of an empty array). The merchant's
 * own JSON keeps its nulls as sent, and so does a member whose null means something (`PUT /v1/orders/{id}/`:
 * null removes the field). Anything else is left for the command's own parse to judge.
 *
 * The one owner of this reading: `route` (route-contract.ts) applies it to every REST body, each contract
 * naming its free-form members and the members whose null it keeps. A body with nothing to change is answered
 * as it is (no copy).
 */
export interface BodyReading {
  /** Top-level members whose value is the merchant's own JSON: kept exactly as sent; `[]` is read as `{}`. */
  readonly freeForm?: readonly string[];
  /** Top-level members whose `null` means something (removes the field): kept as sent. */
  readonly keepsNull?: readonly string[];
  /**
   * Members, at any depth of the body's own structure, that are JSON objects: sent as `[]`, they are read as
   * `{}` (the plugins' SDK sends an empty `payment_method_details` so, its entity's `toArray()` being `[]`).
   */
  readonly emptyArrayIsObject?: readonly string[];
}

const NOTHING: readonly string[] = [];
/** Marks a member read as left out. */
const LEFT_OUT = Symbol('left out');

export function bodyAsMeant(body: unknown, reading: BodyReading = {}): unknown {
  if (!isPlainObject(body)) return body;
  const freeForm = reading.freeForm ?? NOTHING;
  const keepsNull = reading.keepsNull ?? NOTHING;
  const objects = reading.emptyArrayIsObject ?? NOTHING;
  let meant: Record<string, unknown> | null = null;
  const entries = Object.entries(body);
  for (let index = 0; index < entries.length; index++) {
    const [key, value] = entries[index]!;
    let read: unknown;
    if (value === null) read = keepsNull.includes(key) ? null : LEFT_OUT;
    else if (freeForm.includes(key)) read = Array.isArray(value) && value.length === 0 ? {} : value;
    else read = withoutNulls(value, objects);
    if (read === value && meant === null) continue;
    meant ??= copyOfFirst(entries, index);
    if (read !== LEFT_OUT) meant[key] = read;
  }
  return meant ?? body;
}

/**
 * `value` without its null members (array items that are null stay: an array's positions are its meaning), and
 * with an empty array in a member named in `objects` read as `{}`.
 */
function withoutNulls(value: unknown, objects: readonly string[]): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const read = withoutNulls(item, objects);
      if (read !== item) {
        copy ??= value.slice();
        copy[index] = read;
      }
    }
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let kept: Record<string, unknown> | null = null;
  const entries = Object.entries(value);
  for (let index = 0; index < entries.length; index++) {
    const [key, member] = entries[index]!;
    const read =
      member === null
        ? LEFT_OUT
        : Array.isArray(member) && member.length === 0 && objects.includes(key)
          ? {}
          : withoutNulls(member, objects);
    if (read === member && kept === null) continue;
    kept ??= copyOfFirst(entries, index);
    if (read !== LEFT_OUT) kept[key] = read;
  }
  return kept ?? value;
}

/** An object of the first `count` entries, as they were. */
function copyOfFirst(entries: [string, unknown][], count: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) copy[entries[index]![0]] = entries[index]![1];
  return copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
