import { type ParseArgsConfig, parseArgs } from 'node:util';
import pino from 'pino';
import { type AppConfig, ConfigError, parseConfig } from '../config/index.ts';
import { Db } from '../platform/db/db.ts';
import { DomainError } from '../platform/errors/domain-error.ts';
import { openDatabase } from '../runtime.ts';

/** What a command-line tool's handler gets: its flags, and the same database the server uses. */
export interface CliContext<V> {
  command: string | undefined;
  values: V;
  deps: { db: Db; config: AppConfig; now: () => Date };
  /** Prints the usage to standard error and returns exit code 64 (EX_USAGE). */
  usage(): number;
}

/**
 * Runs one administration command (`npm run project:…`, `user:…`, `key:…`) on the server's database (beside a
 * running `npm start`, its embedded PostgreSQL). Exit codes: 0 done, 64 bad usage, 65 refused input or
 * configuration (the message on standard error).
 */
export async function runCli<O extends NonNullable<ParseArgsConfig['options']>>(
  usage: string,
  options: O,
  handler: (
    cli: CliContext<ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values']>,
  ) => Promise<number>,
): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const printUsage = () => {
    process.stderr.write(`${usage}\n`);
    return 64;
  };
  try {
    const { values } = parseArgs({ args: rest, options, strict: true });
    const config = parseConfig();
    const database = await openDatabase(config, pino({ level: 'warn' }, process.stderr), 'reuse');
    try {
      const deps = { db: new Db(database.orm), config, now: () => new Date() };
      process.exitCode = await handler({ command, values, deps, usage: printUsage });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DomainError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 65;
    } else if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = printUsage();
    } else {
      throw error;
    }
  }
}

/** Reads all of standard input (e.g. a password piped in), without its final line break. */
export async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** One JSON object on its own line: what `--json` prints. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}
