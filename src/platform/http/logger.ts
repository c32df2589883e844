import type { LoggerOptions } from 'pino';
import { SENSITIVE_FIELDS } from '../security/sensitive-fields.ts';

/**
 * Card data and credentials are redacted wherever they appear in a log line, at any depth we log.
 * Request bodies are never logged; this is the second line of defence.
 *
 * Done in pino's `formatters.log` hook, which runs only when a line is written, rather than with pino's
 * `redact` paths: wildcard paths make every child logger (one per request) cost 14 µs instead of 0.7 µs.
 */
const REDACTED_KEYS: ReadonlySet<string> = new Set([...SENSITIVE_FIELDS, 'authorization', 'cookie']);
const CENSOR = '[redacted]';
const MAX_DEPTH = 6;

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // Child loggers' bindings are not redacted: they are our own constants (request id, component).
    formatters: { log: (object) => redactSensitive(object) },
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
