import { textProblem, wellFormedText } from '../../platform/validation/text.ts';
import {
  CARDHOLDER_NAME_MAX_LENGTH,
  detectBrands,
  EXPIRY_PATTERN,
  isCardExpired,
  isCvcFormatValid,
  isLuhnValid,
  securityCodeLength,
} from '../vault/index.ts';

/**
 * The card form as a customer types it (`4111 1111 1111 1111`, `12 / 29`), checked with the vault's own rules
 * (card-number.ts: Luhn, expiry, security code length by brand) and normalised to what the vault stores
 * (digits only, `MMYYYY`). The same rules run in the page's script; this is the authority. A problem is a field
 * and a code, never the value: card numbers and CVCs are not repeated in any message.
 */

export type CardField = 'pan' | 'expiry' | 'cvc' | 'name';
export const CARD_FIELDS: readonly CardField[] = ['pan', 'expiry', 'cvc', 'name'];

export interface CardFormProblem {
  field: CardField;
  code: 'required' | 'invalid' | 'expired';
  /** For `cvc`/`invalid`: how many digits the card's security code has. */
  digits?: number;
}

export interface PostedCard {
  /** Digits only, Luhn-valid. In memory only. */
  pan: string;
  /** `MMYYYY`. */
  expiry: string;
  /** In memory only. */
  cvc: string;
  /** Optional, as in the vault (spec 4.6). */
  name?: string;
}

export type CardFormResult =
  | { ok: true; card: PostedCard }
  | { ok: false; problems: CardFormProblem[]; echo: { expiry: string; name: string } };

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** `12/29`, `12 / 29`, `1229`, `12/2029`, `122029` -> `122029`; null when it is none of these. */
export function normaliseExpiry(value: string): string | null {
  const match = /^\s*(\d{1,2})\s*[/\-.]?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = match[1]!.padStart(2, '0');
  const year = match[2]!.length === 2 ? `20${match[2]}` : match[2]!;
  const expiry = `${month}${year}`;
  return EXPIRY_PATTERN.test(expiry) ? expiry : null;
}

/**
 * The form's `pay_again` field: the customer chose "Pay another way" while an earlier attempt waits for the
 * acquirer. Only that form carries it, so a form left open in another tab cannot start a second payment.
 */
export function choseToPayAgain(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>).pay_again === '1';
}

export function parseCardForm(body: unknown, now: Date): CardFormResult {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const pan = text(form.pan, 64).replace(/[\s-]/g, '');
  const rawExpiry = text(form.expiry, 32);
  const cvc = text(form.cvc, 16).trim();
  const name = text(form.name, 1024).trim();
  const problems: CardFormProblem[] = [];

  if (!pan) problems.push({ field: 'pan', code: 'required' });
  else if (!isLuhnValid(pan)) problems.push({ field: 'pan', code: 'invalid' });

  const expiry = normaliseExpiry(rawExpiry);
  if (!rawExpiry.trim()) problems.push({ field: 'expiry', code: 'required' });
  else if (!expiry) problems.push({ field: 'expiry', code: 'invalid' });
  else if (isCardExpired(expiry, now)) problems.push({ field: 'expiry', code: 'expired' });

  const brand = isLuhnValid(pan) ? detectBrands(pan).brand : null;
  if (!cvc) problems.push({ field: 'cvc', code: 'required' });
  else if (!isCvcFormatValid(cvc, brand)) {
    problems.push({ field: 'cvc', code: 'invalid', digits: securityCodeLength(brand) });
  }

  // The name is stored with the card: the text rule applies as on every other face (platform/validation).
  if (name.length > CARDHOLDER_NAME_MAX_LENGTH || textProblem(name)) {
    problems.push({ field: 'name', code: 'invalid' });
  }

  if (problems.length > 0 || !expiry) {
    // Only the non-secret fields are shown again; the number and the code must be typed anew.
    return {
      ok: false,
      problems,
      echo: {
        expiry: wellFormedText(rawExpiry),
        name: wellFormedText(name).slice(0, CARDHOLDER_NAME_MAX_LENGTH),
      },
    };
  }
  return { ok: true, card: name ? { pan, expiry, cvc, name } : { pan, expiry, cvc } };
}
