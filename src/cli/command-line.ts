import { type ParseArgsConfig, parseArgs } from 'node:util';
import pino from 'pino';
import { type AppConfig, ConfigError, parseConfig } from '../config/index.ts';
import { Db } from '../platform/db/db.ts';
import { DomainError } from '../platform/errors/domain-error.ts';
import { renderProblem } from '../platform/errors/field-problem.ts';
import { loggerOptions } from '../platform/http/logger.ts';
import { openDatabase } from '../runtime.ts';

/** What a command-line tool's handler gets: its flags, and the same database the server uses. */
export interface CliContext<V> {
  command: string | undefined;
  values: V;
  deps: { db: Db; config: AppConfig; now: () => Date };
  /** Prints what is wrong (one line each), then the usage, to standard error; returns exit code 64 (EX_USAGE). */
  usage(...problems: string[]): number;
}

type Values = Record<string, string | boolean | undefined>;

export interface CliRules {
  /** What is missing or wrong on the command line, one line each, checked before anything is opened. */
  check?(command: string | undefined, values: Values): string[];
  /** The option each refused input field came from (`webhookUrl` -> `--url`), to name it in refusals. */
  flagNames?(command: string | undefined): Record<string, string>;
}

/** `missing --project: the id of the project` for each required option without a value. */
export function missingOptions(values: Values, required: Record<string, string>): string[] {
  return Object.entries(required)
    .filter(([flag]) => values[flag] === undefined || values[flag] === '')
    .map(([flag, what]) => `missing --${flag}: ${what}`);
}

/** `unknown command "x"` / `missing command: a, b or c`, or nothing when the command is one of `commands`. */
export function commandProblem(command: string | undefined, commands: readonly string[]): string[] {
  if (command && commands.includes(command)) return [];
  const list = `${commands.slice(0, -1).join(', ')} or ${commands[commands.length - 1]}`;
  return [command ? `unknown command "${command}"` : `missing command: ${list}`];
}

/** A refusal with its input fields named as the command line's options. */
function describeRefusal(error: DomainError, flags: Record<string, string>): string {
  if (error.problems.length === 0) return error.message;
  return error.problems
    .map((problem) => {
      // `paymentMethods.1` is a part of `--methods`: the flag names the whole list.
      const field = problem.field ?? '';
      return renderProblem(problem, flags[field] ?? flags[field.split('.')[0]!] ?? problem.field);
    })
    .join('\n');
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
  rules: CliRules = {},
): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const printUsage = (...problems: string[]) => {
    process.stderr.write(`${problems.length ? `${problems.join('\n')}\n\n` : ''}${usage}\n`);
    return 64;
  };
  try {
    const { values } = parseArgs({ args: rest, options, strict: true });
    const problems = rules.check?.(command, values as Values) ?? [];
    if (problems.length > 0) {
      process.exitCode = printUsage(...problems);
      return;
    }
    const config = parseConfig();
    const database = await openDatabase(config, pino(loggerOptions('warn'), process.stderr), 'reuse', {
      ownProcessGroup: false,
    });
    try {
      const deps = { db: new Db(database.orm), config, now: () => new Date() };
      process.exitCode = await handler({ command, values, deps, usage: printUsage });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DomainError) {
      process.stderr.write(`${describeRefusal(error, rules.flagNames?.(command) ?? {})}\n`);
      process.exitCode = 65;
    } else if (error instanceof ConfigError) {
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
