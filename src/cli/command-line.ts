import { Writable } from 'node:stream';
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
  /** Writes to standard output (the process's, or the caller's in `runProgram`). */
  print(text: string): void;
  /** All of standard input (e.g. a password piped in), without its final line break; read only when called. */
  stdin(): Promise<string>;
}

/** Where a command reads its arguments and environment and writes its output: the process's by default. */
export interface CliIo {
  /** The arguments after the script: the command, then its options. */
  args: string[];
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** All of standard input, as it came; read only when a command asks (`--password-stdin`). */
  stdin(): Promise<string>;
}

export function processIo(): CliIo {
  return {
    args: process.argv.slice(2),
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdin: readProcessStdin,
  };
}

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Options = NonNullable<ParseArgsConfig['options']>;
type ValuesOf<O extends Options> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'];

/** One administration program (`project`, `user`, `key`): its usage, options, rules and what it does. */
export interface CliProgram<O extends Options> {
  usage: string;
  options: O;
  handler: (cli: CliContext<ValuesOf<O>>) => Promise<number>;
  rules?: CliRules;
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
 * Runs one administration program (`npm run project:…`, `user:…`, `key:…`) on the server's database (beside a
 * running `npm start`, its embedded PostgreSQL), with the given arguments, environment, input and output (the
 * process's by default), and answers its exit code, setting none: the command line's entry files set it for the
 * process, tests call it in-process. Exit codes: 0 done, 64 bad usage, 65 refused input or configuration (the
 * message on standard error).
 */
export async function runProgram<O extends Options>(
  program: CliProgram<O>,
  io: CliIo = processIo(),
): Promise<number> {
  const { usage, options, handler, rules = {} } = program;
  const [command, ...rest] = io.args;
  const printUsage = (...problems: string[]) => {
    io.stderr(`${problems.length ? `${problems.join('\n')}\n\n` : ''}${usage}\n`);
    return 64;
  };
  try {
    const { values } = parseArgs({ args: rest, options, strict: true });
    const problems = rules.check?.(command, values as Values) ?? [];
    if (problems.length > 0) return printUsage(...problems);
    const config = parseConfig(io.env);
    const logs = new Writable({
      write(chunk, _encoding, done) {
        io.stderr(chunk.toString());
        done();
      },
    });
    const database = await openDatabase(config, pino(loggerOptions('warn'), logs), 'reuse', {
      ownProcessGroup: false,
    });
    try {
      const deps = { db: new Db(database.orm), config, now: () => new Date() };
      const stdin = async () => (await io.stdin()).replace(/\r?\n$/, '');
      return await handler({ command, values, deps, usage: printUsage, print: io.stdout, stdin });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof DomainError) {
      io.stderr(`${describeRefusal(error, rules.flagNames?.(command) ?? {})}\n`);
      return 65;
    }
    if (error instanceof ConfigError) {
      io.stderr(`${error.message}\n`);
      return 65;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${error.message}\n`);
      return printUsage();
    }
    throw error;
  }
}

/** One JSON object on its own line: what `--json` prints, through the context's `print`. */
export function printJson(value: unknown, print: (text: string) => void): void {
  print(`${JSON.stringify(value)}\n`);
}
