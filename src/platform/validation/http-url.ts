import { z } from 'zod';

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const httpUrlSchema = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an absolute http or https URL');
