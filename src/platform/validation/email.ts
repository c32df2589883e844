import { z } from 'zod';

/**
 * The longest address, in octets: RFC 5321 4.5.3.1.3 allows a path of 256 octets, the angle brackets included.
 * Only ASCII passes the address form below, so octets are characters.
 */
export const EMAIL_MAX_OCTETS = 254;
/** The longest local part (before the `@`), in octets: RFC 5321 4.5.3.1.1. */
export const EMAIL_LOCAL_PART_MAX_OCTETS = 64;

/** Why `address` is longer than mail software takes (RFC 5321), as a message predicate; null when it is not. */
export function emailLengthProblem(address: string): string | null {
  if (Buffer.byteLength(address) > EMAIL_MAX_OCTETS) return `must be at most ${EMAIL_MAX_OCTETS} characters`;
  const at = address.lastIndexOf('@');
  if (at > 0 && Buffer.byteLength(address.slice(0, at)) > EMAIL_LOCAL_PART_MAX_OCTETS) {
    return `must have at most ${EMAIL_LOCAL_PART_MAX_OCTETS} characters before the @ (RFC 5321)`;
  }
  return null;
}

/**
 * An e-mail address that names an account (a merchant user: invited in GraphQL `createUser`, or at the command
 * line): trimmed, within RFC 5321's lengths (checked first, so an absurd string never reaches the pattern),
 * then the address form of zod's `z.email()`. An address beyond those lengths cannot receive mail: every mail
 * server refuses it, so an account named by it could never be reached.
 */
export function emailAddressSchema() {
  return z
    .string({ error: 'must be a string' })
    .trim()
    .check(
      z.superRefine((address, ctx) => {
        const problem = emailLengthProblem(address);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { problem: 'too_big' } });
      }),
    )
    .pipe(z.email('must be an e-mail address'));
}
