import type { z } from 'zod';
import { DomainError } from './domain-error.ts';

/** Turns every schema problem into one clear message; `field` names the first offending field. */
export function fromZodError(error: z.ZodError, code = 'invalid_request'): DomainError {
  const problems = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const path = issue.path.length ? `${issue.path.join('.')}.` : '';
      return {
        field: `${path}${issue.keys[0]}`,
        message: `unknown field(s): ${issue.keys.map((k) => `${path}${k}`).join(', ')}`,
      };
    }
    const field = issue.path.join('.');
    return { field, message: field ? `${field}: ${issue.message}` : issue.message };
  });
  return new DomainError(
    'invalid_request',
    code,
    problems.map((p) => p.message).join('; '),
    problems[0]?.field || null,
  );
}

/** Parses with a schema or throws the DomainError above. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
