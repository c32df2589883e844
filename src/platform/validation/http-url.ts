import { z } from 'zod';
import { textRule } from './text.ts';

/**
 * A host as DNS names and IP literals are written: letters, digits, hyphens, underscores and dots (international names in
 * their punycode form, as the URL parser writes them), or a bracketed IPv6 literal. The URL parser also lets
 * `,`, `;`, `!`, `$` and the like through in a host, which no DNS name holds and which, put into a header (the
 * hosted pages' Content-Security-Policy lists the return URL's origin), would split its values.
 */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/;

/** True for an absolute http(s) URL with a host a DNS name or IP literal could be. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && HOST.test(url.hostname);
  } catch {
    return false;
  }
}

// The URL parser percent-encodes a NUL it meets, but the string as sent is what is stored: the text rule first.
export const httpUrlSchema = z
  .string({ error: 'must be a string' })
  .max(2048, 'must be at most 2048 characters')
  .check(textRule)
  .refine(isHttpUrl, 'must be an absolute http or https URL');
