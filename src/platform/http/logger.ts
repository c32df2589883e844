import pino, { type Logger, type LoggerOptions } from 'pino';
import { SENSITIVE_FIELDS } from '../security/sensitive-fields.ts';
import { traceLogFields, tracing } from '../telemetry/trace-context.ts';

/** Where a process logs: standard output unless told otherwise (tests pass their own stream). */
export type LogDestination = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * The process's logger. JSON lines, one per event, for log collectors; in development, when a person is
 * watching (standard output is a terminal), human-readable lines through pino-pretty instead. pino-pretty is a
 * development dependency: where it is not installed the logger stays JSON.
 */
export async function createLogger(
  settings: { env: string; logLevel: string },
  destination: LogDestination = process.stdout,
): Promise<Logger> {
  const options = loggerOptions(settings.logLevel);
  if (settings.env !== 'production' && destination.isTTY) {
    const pretty = await import('pino-pretty').then((module) => module.default).catch(() => null);
    if (pretty) {
      return pino(
        options,
        pretty({
          destination,
          sync: true,
          colorize: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
        }),
      );
    }
  }
  return destination === process.stdout ? pino(options) : pino(options, destination);
}

/**
 * Card data and credentials are redacted wherever they appear in a log line, at any depth we log.
 * Request bodies are never logged; this is the second line of defence.
 *
 * Done in pino's `formatters.log` hook, which runs only when a line is written, rather than with pino's
 * `redact` paths: wildcard paths make every child logger (one per request) cost 14 µs instead of 0.7 µs.
 *
 * Errors are logged through `serializeError`, which keeps what helps an operator (type, message, code, stack)
 * and nothing an error may carry from the request: PostgreSQL errors echo the values they choked on in
 * `detail`, `where`, `parameters` and the tail of their message ("invalid input syntax for type uuid: "…"").
 */
const REDACTED_KEYS: ReadonlySet<string> = new Set([...SENSITIVE_FIELDS, 'authorization', 'cookie']);
const CENSOR = '[redacted]';
const MAX_DEPTH = 6;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Child loggers' bindings are not redacted: they are our own constants (request id, component).
    formatters: { log: (object) => redactSensitive(object) },
    serializers: { err: serializeError },
    // With traces on, each line names the span it was logged in (`trace_id`, `span_id`); off, no cost at all.
    ...(tracing() ? { mixin: traceLogFields } : {}),
  };
}

/**
 * `value` with every sensitive key's value replaced by `[redacted]`; objects without one come back as they
 * are (copied only along the way to a redacted key). Errors are left whole for pino's error serializer.
 */
export function redactSensitive<T>(value: T, depth = 0): T {
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object' || value instanceof Error)
    return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const redacted = redactSensitive(item, depth + 1);
      if (redacted === item) return;
      copy ??= [...value];
      copy[index] = redacted;
    });
    return (copy ?? value) as T;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const redacted = REDACTED_KEYS.has(key) && item !== undefined ? CENSOR : redactSensitive(item, depth + 1);
    if (redacted === item) continue;
    copy ??= { ...record };
    copy[key] = redacted;
  }
  return (copy ?? value) as T;
}

export interface SerializedError {
  type: string;
  message: string;
  code?: string | number;
  /** For database errors: the SQLSTATE class and routine, which say what failed without any value. */
  severity?: string;
  routine?: string;
  stack?: string;
  cause?: SerializedError;
}

/** A 5-character SQLSTATE (`22P02`, `23505`): the error came from PostgreSQL. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
const STACK_FRAME = /^\s+at /;

/** The error as it may be logged: an allowlist of its properties, with request values cut from the message. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a thrown value that is not an Error' };
  const record = error as Error & Record<string, unknown>;
  const code = typeof record.code === 'string' || typeof record.code === 'number' ? record.code : undefined;
  const fromDatabase = typeof code === 'string' && SQLSTATE.test(code);
  const type = error.constructor?.name || error.name || 'Error';
  const message = safeMessage(error.message ?? '', fromDatabase);
  const serialized: SerializedError = { type, message };
  if (code !== undefined) serialized.code = code;
  if (fromDatabase) {
    if (typeof record.severity === 'string') serialized.severity = record.severity;
    if (typeof record.routine === 'string') serialized.routine = record.routine;
  }
  if (typeof error.stack === 'string') {
    const frames = error.stack.split('\n').filter((line) => STACK_FRAME.test(line));
    serialized.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

function safeMessage(message: string, fromDatabase: boolean): string {
  if (fromDatabase) {
    // MikroORM appends ` - detail: …` lines to the driver's message, whose own tail may quote a value.
    return message
      .split('\n')[0]!
      .replace(/:\s.*$/, '')
      .trim();
  }
  // JSON.parse quotes the text it could not read.
  if (/ is not valid JSON|^Unexpected token/.test(message)) return 'text is not valid JSON';
  return message;
}
