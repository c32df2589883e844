/**
 * A statement's text as a trace may carry it: every literal replaced by `?`. Most of our SQL is parameterised,
 * but MikroORM inlines the values of the statements it runs for us (`where k.key_hash = 'e9ea…'`), and a
 * trace backend is no place for key hashes, sealed card data, e-mail addresses or amounts. What stays is the
 * shape of the query: enough to find it in the code and to group spans by it.
 *
 * Literals: single-quoted strings (with `''` inside; `E'…'` and `U&'…'` prefixes go with them), dollar-quoted
 * strings, and numbers standing on their own (not `$1`, not part of a name such as `w0`). Identifiers in
 * double quotes, keywords and placeholders are left as they are.
 */
const LITERALS =
  /(?:\b[EeUu]&?)?'(?:[^']|'')*'|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$|(?<![\w$."])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w"])/g;

export function withoutLiterals(sql: string): string {
  return sql.replace(LITERALS, '?');
}
