import { parseArgs } from 'node:util';

/**
 * Command-line flags of the bench scripts, parsed with node:util's parseArgs. Numbers are checked here so a
 * typo (`--duration 1O`) stops the run before anything starts instead of measuring something else.
 */
export type FlagSpec =
  | { type: 'number'; default: number; quick?: number; help: string; min?: number }
  | { type: 'boolean'; help: string }
  | { type: 'list'; help: string };

export type FlagValues<S extends Record<string, FlagSpec>> = {
  [K in keyof S]: S[K] extends { type: 'number' }
    ? number
    : S[K] extends { type: 'boolean' }
      ? boolean
      : string[];
};

export class UsageError extends Error {}

/**
 * Parses `argv` (without node and the script) against `spec`. `--quick` is always accepted: it swaps every
 * number's default for its `quick` value (an explicit flag still wins). `--help` throws a UsageError carrying
 * the usage text.
 */
export function parseFlags<S extends Record<string, FlagSpec>>(
  argv: string[],
  spec: S,
  usageTitle: string,
): FlagValues<S> & { quick: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }> = {
    quick: { type: 'boolean' },
    help: { type: 'boolean' },
  };
  for (const [name, flag] of Object.entries(spec)) {
    options[name] =
      flag.type === 'boolean' ? { type: 'boolean' } : { type: 'string', multiple: flag.type === 'list' };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage(spec, usageTitle)}`);
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>;
  if (values.help) throw new UsageError(usage(spec, usageTitle));
  const quick = values.quick === true;
  const result: Record<string, number | boolean | string[]> = { quick };
  for (const [name, flag] of Object.entries(spec)) {
    const given = values[name];
    if (flag.type === 'boolean') result[name] = given === true;
    else if (flag.type === 'list') result[name] = (given as string[] | undefined) ?? [];
    else if (given === undefined)
      result[name] = quick && flag.quick !== undefined ? flag.quick : flag.default;
    else {
      const number = Number(given);
      if (given === '' || !Number.isFinite(number) || number < (flag.min ?? 0)) {
        throw new UsageError(`--${name} must be a number >= ${flag.min ?? 0}, got "${given}"`);
      }
      result[name] = number;
    }
  }
  return result as FlagValues<S> & { quick: boolean };
}

/** `KEY=VALUE` pairs (e.g. repeated `--server-env WEB_CONCURRENCY=2`) as an environment object. */
export function parseEnvPairs(pairs: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (!match) throw new UsageError(`expected KEY=VALUE, got "${pair}"`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

export function usage(spec: Record<string, FlagSpec>, title: string): string {
  const lines = [title, '', 'Flags:'];
  for (const [name, flag] of Object.entries(spec)) {
    const value = flag.type === 'number' ? ' N' : flag.type === 'list' ? ' VALUE (repeatable)' : '';
    const defaults =
      flag.type === 'number'
        ? ` (default ${flag.default}${flag.quick !== undefined ? `, --quick ${flag.quick}` : ''})`
        : '';
    lines.push(`  --${name}${value}`.padEnd(34) + flag.help + defaults);
  }
  lines.push(`${'  --quick'.padEnd(34)}smoke run: small sizes and short rounds`);
  return lines.join('\n');
}

/**
 * The script's flags and `--server-env` pairs from process.argv; a usage problem (or `--help`) prints the
 * message and exits with 2 before anything starts.
 */
export function parseCommandLine<S extends Record<string, FlagSpec> & { 'server-env': FlagSpec }>(
  spec: S,
  usageTitle: string,
): { flags: FlagValues<S> & { quick: boolean }; serverEnv: Record<string, string> } {
  try {
    const flags = parseFlags(process.argv.slice(2), spec, usageTitle);
    return { flags, serverEnv: parseEnvPairs(flags['server-env'] as string[]) };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
