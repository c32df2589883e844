import { z } from 'zod';
import { textRule } from './text.ts';

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
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
