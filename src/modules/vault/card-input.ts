import { z } from 'zod';
import { type CheckedInput, checkInput } from '../../platform/errors/zod.ts';
import { textRule } from '../../platform/validation/text.ts';
import {
  type CardBrand,
  EXPIRY_PATTERN,
  isCardExpired,
  isCvcFormatValid,
  isLuhnValid,
  PAN_PATTERN,
  securityCodeLength,
} from './card-number.ts';

/**
 * Validation of card data sent by the caller: the vault store body (spec 4.6) and the CVC of one-click payments.
 *
 * Problem messages are written here, never taken from the input: they must not repeat a card number or a CVC,
 * because problems end up in responses and logs. Field names of unknown fields are only echoed when they look
 * like field names (platform/validation/json.ts `pathSegment`).
 */

export interface InputProblem {
  /** Field path as sent, e.g. `pan`, `setup_token`; `(body)` for the body itself. */
  field: string;
  message: string;
}

export type InputResult<T> = { ok: true; value: T } | { ok: false; problems: InputProblem[] };

export interface VaultCardInput {
  pan: string;
  /** `MMYYYY`. */
  expiry: string;
  /** Cardholder name as printed, trimmed; absent when not sent. */
  name?: string;
  setupToken: string;
}

export const CARDHOLDER_NAME_MAX_LENGTH = 120;

function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);
}

/**
 * The clock the expiry check compares with. The schema is built once (building a zod schema costs more than
 * parsing with it); `checkVaultCardInput` sets this right before its synchronous parse, so no other parse can
 * run in between.
 */
let checkingAt = new Date(0);

/** Exported for the route contract (rest/vault-contracts.ts), which documents it. */
export const VAULT_CARD_SCHEMA = z.strictObject({
  name: z
    .string({ error: 'must be a string' })
    .trim()
    .check(textRule)
    .min(1, { error: `must be 1 to ${CARDHOLDER_NAME_MAX_LENGTH} characters` })
    .max(CARDHOLDER_NAME_MAX_LENGTH, { error: `must be 1 to ${CARDHOLDER_NAME_MAX_LENGTH} characters` })
    .optional()
    .meta({
      description: `The cardholder name as printed on the card, 1 to ${CARDHOLDER_NAME_MAX_LENGTH} characters after trimming. Spec 4.6.`,
    }),
  pan: z
    .string({ error: requiredOr('must be a string of digits') })
    .superRefine((pan, ctx) => {
      if (!PAN_PATTERN.test(pan)) {
        ctx.addIssue({ code: 'custom', message: 'must be 12 to 19 digits without spaces' });
      } else if (!isLuhnValid(pan)) {
        ctx.addIssue({ code: 'custom', message: 'is not a valid card number (check digit does not match)' });
      }
    })
    .meta({
      description:
        'The card number, 12 to 19 digits without spaces, with a valid Luhn check digit. Never logged, returned or stored in clear. Spec 4.6.',
    }),
  expiry: z
    .string({ error: requiredOr('must be a string') })
    .superRefine((expiry, ctx) => {
      if (!EXPIRY_PATTERN.test(expiry)) {
        ctx.addIssue({ code: 'custom', message: 'must be MMYYYY with month 01 to 12' });
      } else if (isCardExpired(expiry, checkingAt)) {
        ctx.addIssue({ code: 'custom', message: 'the card has expired' });
      }
    })
    .meta({
      description:
        'The expiry month, `MMYYYY` (month 01 to 12, such as `122030`), not before this month: a card is valid through the last day of its expiry month. Spec 4.6.',
    }),
  setup_token: z.uuid({ error: requiredOr('must be a uuid') }).meta({
    description:
      "The `setup_token` of the transaction's `payment_method_details` (uuid): works once, within 300 seconds after the order was created. Spec 4.6.",
  }),
});

/**
 * Validates a vault store body: `pan` 12-19 digits and Luhn-valid, `expiry` MMYYYY not before the month of
 * `now` (a card is valid through the last day of its expiry month), optional `name` of 1 to 120 characters
 * after trimming, `setup_token` a uuid, and no other fields. Problems as the platform words them
 * (platform/errors/zod.ts), for the vault face's error body.
 */
export function checkVaultCardInput(body: unknown, options: { now: Date }): CheckedInput<VaultCardInput> {
  checkingAt = options.now;
  const result = checkInput(VAULT_CARD_SCHEMA, body);
  if (!result.ok) return result;
  const { pan, expiry, name, setup_token: setupToken } = result.value;
  return {
    ok: true,
    value: name === undefined ? { pan, expiry, setupToken } : { pan, expiry, name, setupToken },
  };
}

/** `checkVaultCardInput` with each problem as a field (`(body)` for the body itself) and a message. */
export function parseVaultCardInput(body: unknown, options: { now: Date }): InputResult<VaultCardInput> {
  const result = checkVaultCardInput(body, options);
  if (result.ok) return result;
  return {
    ok: false,
    problems: result.problems.map((problem) => ({
      field: problem.field ?? '(body)',
      message: problem.message,
    })),
  };
}

/**
 * Validates a CVC for a card of `brand`: 4 digits for Amex, 3 digits for every other (or unknown) brand.
 * Only the format is checked; whether the value is right is for the issuer to say.
 */
export function validateCvc(cvc: unknown, brand: CardBrand | null): InputResult<string> {
  const length = securityCodeLength(brand);
  if (cvc === undefined || cvc === null || cvc === '') {
    return { ok: false, problems: [{ field: 'cvc', message: 'is required' }] };
  }
  if (typeof cvc !== 'string' || !isCvcFormatValid(cvc, brand)) {
    const forBrand = brand === 'amex' ? ' for amex cards' : '';
    return { ok: false, problems: [{ field: 'cvc', message: `must be ${length} digits${forBrand}` }] };
  }
  return { ok: true, value: cvc };
}
