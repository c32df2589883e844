import { type CodeBlock, codeBlocksOf, type MarkdownFile } from './markdown.ts';

/**
 * The recipes of the docs and how to read their markers (the convention is written down for readers in
 * docs/README.md, "Reading the recipes"):
 *
 *   # answers 201 {"status": "new"}        HTTP status, then JSON the answer contains, or "text" it contains
 *   # save ORDER_ID=.id TX=.transactions[0].id   jq paths of the answer, kept as shell variables
 *   # variables {"id": "$ORDER_ID"}        a GraphQL block's variables
 *   # not run: needs a browser             a curl block a script cannot run
 *
 * `$NAME` in `variables` and `answers` stands for a variable's value, as it does in the shell commands.
 */
export interface Recipe {
  file: string;
  line: number;
  kind: 'curl' | 'graphql';
  /** The block as written: a shell script for curl, the document for GraphQL. */
  text: string;
  answers: ExpectedAnswer | null;
  saves: { name: string; path: string }[];
  /** The GraphQL variables as written, placeholders unreplaced. */
  variables: string | null;
  notRun: string | null;
  /** A GraphQL block that shows part of the schema rather than an operation (`# schema excerpt`). */
  schemaExcerpt: boolean;
}

export interface ExpectedAnswer {
  status: number;
  /** JSON text with placeholders, or null. */
  json: string | null;
  /** Text the body contains, or null. */
  text: string | null;
}

const SHELL = new Set(['sh', 'bash', 'shell', 'zsh']);

export function recipesOf(file: MarkdownFile): Recipe[] {
  return codeBlocksOf(file).flatMap((block) => {
    if (SHELL.has(block.language) && /(^|[\s;|(])curl\s/m.test(block.content)) return [recipe(block, 'curl')];
    if (block.language === 'graphql') return [recipe(block, 'graphql')];
    return [];
  });
}

function recipe(block: CodeBlock, kind: Recipe['kind']): Recipe {
  const marker = (name: string): string | null => {
    const found = block.content.split('\n').find((line) => line.startsWith(`# ${name}`));
    return found === undefined ? null : found.slice(`# ${name}`.length).trim();
  };
  const saves = (marker('save ') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [, name, path] = /^([A-Z][A-Z0-9_]*)=(\..*)$/.exec(pair) ?? [];
      if (!name || !path) throw new Error(`${block.file}:${block.line}: "# save ${pair}" is not NAME=.path`);
      return { name, path };
    });
  return {
    file: block.file,
    line: block.line,
    kind,
    text: block.content,
    answers: parseAnswers(marker('answers '), kind, block),
    saves,
    variables: marker('variables '),
    notRun: marker('not run:'),
    schemaExcerpt: block.content.trimStart().startsWith('# schema excerpt'),
  };
}

function parseAnswers(text: string | null, kind: Recipe['kind'], block: CodeBlock): ExpectedAnswer | null {
  if (text === null) return null;
  const [, status, rest = ''] = /^(\d{3})?\s*(.*)$/.exec(text) ?? [];
  if (kind === 'curl' && !status) throw new Error(`${block.file}:${block.line}: "# answers" needs a status`);
  const json = rest.startsWith('{') || rest.startsWith('[') ? rest : null;
  const quoted = rest.startsWith('"') ? (JSON.parse(rest) as string) : null;
  return { status: status ? Number(status) : 200, json, text: quoted };
}

/** Replaces `$NAME` with the variable's value (JSON-escaped, since it lands inside JSON strings). */
export function substitute(text: string, variables: Record<string, string>): string {
  return text.replace(/\$([A-Z][A-Z0-9_]*)/g, (_whole, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`$${name} is not set: no recipe before this one saved it`);
    return JSON.stringify(value).slice(1, -1);
  });
}

/** The value at a jq path such as `.transactions[0].payment_method_details.setup_token`. */
export function valueAt(value: unknown, path: string): unknown {
  const steps = [...path.matchAll(/\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]/g)];
  if (steps.map((step) => step[0]).join('') !== path) throw new Error(`${path} is not a simple jq path`);
  let current = value;
  for (const [, key, index] of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current =
      key !== undefined ? (current as Record<string, unknown>)[key] : (current as unknown[])[Number(index)];
  }
  return current;
}

/**
 * Where `actual` differs from what `expected` says it contains: objects must have every listed key with a
 * matching value, arrays start with the listed items (an empty array means empty), other values are equal.
 */
export function differences(actual: unknown, expected: unknown, at = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at || '.'}: expected an array, got ${JSON.stringify(actual)}`];
    if (expected.length === 0 && actual.length > 0)
      return [`${at}: expected an empty array, got ${actual.length}`];
    if (actual.length < expected.length) return [`${at}: expected at least ${expected.length} items`];
    return expected.flatMap((item, index) => differences(actual[index], item, `${at}[${index}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${at || '.'}: expected an object, got ${JSON.stringify(actual)}`];
    }
    return Object.entries(expected).flatMap(([key, value]) =>
      differences((actual as Record<string, unknown>)[key], value, `${at}.${key}`),
    );
  }
  return Object.is(actual, expected)
    ? []
    : [`${at || '.'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
