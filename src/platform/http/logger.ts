import type { LoggerOptions } from 'pino';

/**
 * Card data and credentials are redacted wherever they appear in a log line, at any depth we log.
 * Request bodies are never logged; this is the second line of defence.
 */
const SENSITIVE_KEYS = [
  'authorization',
  'pan',
  'cvc',
  'cvv',
  'card_number',
  'cardNumber',
  'password',
  'apiKey',
  'api_key',
  'applicationPrimaryAccountNumber',
  'onlinePaymentCryptogram',
  'cryptogram',
  'privateKey',
];

export function loggerOptions(level: string): LoggerOptions {
  const paths = SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);
  return {
    level,
    redact: { paths: [...paths, 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
}
