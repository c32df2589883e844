import type { LoggerOptions } from 'pino';
import { SENSITIVE_FIELDS } from '../security/sensitive-fields.ts';

/**
 * Card data and credentials are redacted wherever they appear in a log line, at any depth we log.
 * Request bodies are never logged; this is the second line of defence.
 */

export function loggerOptions(level: string): LoggerOptions {
  const paths = SENSITIVE_FIELDS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);
  return {
    level,
    redact: { paths: [...paths, 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}
