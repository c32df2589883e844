/**
 * Currency facts from the runtime's ICU data (`Intl`), so the list of ISO 4217 codes and their minor-unit
 * exponents stays current without a hand-kept table.
 */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** Largest amount accepted, in minor units: far above any real payment, far below 2^53. */
export const MAX_AMOUNT = 99_999_999_999;

export function isKnownCurrency(code: string): boolean {
  return KNOWN_CURRENCIES.has(code);
}

/**
 * Amounts in minor units rendered in the main currency unit: EUR 995 -> "9.95", JPY 995 -> "995", KWD 995 ->
 * "0.995". Pure digit-string arithmetic, no floats.
 *
 * The exponent comes from Intl (CLDR), i.e. `maximumFractionDigits` of a currency formatter. CLDR differs from
 * ISO 4217 for a few currencies (e.g. HUF, IDR, COP, PKR have 0 in CLDR and 2 in ISO 4217); the minor unit
 * the rest of the service stores must follow the same table for those to come out right.
 */

const CURRENCY = /^[A-Z]{3}$/;
const INTEGER = /^-?\d+$/;
const exponents = new Map<string, number>();

/**
 * Number of decimals of the currency's main unit (EUR 2, JPY 0, KWD 3). Throws RangeError unless the code is
 * three capital letters; a well-formed code CLDR does not know gets CLDR's default of 2.
 */
export function currencyExponent(currency: string): number {
  const known = exponents.get(currency);
  if (known !== undefined) return known;
  if (!CURRENCY.test(currency)) throw new RangeError(`"${currency}" is not an ISO 4217 currency code`);
  const exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  if (exponent === undefined) throw new RangeError(`No decimals known for currency "${currency}"`);
  exponents.set(currency, exponent);
  return exponent;
}

/**
 * `amountMinor` may be a safe integer number, a bigint, or a string of digits (PostgreSQL bigint columns arrive
 * as strings). Negative values keep their sign: -5 EUR cents -> "-0.05".
 */
export function formatAmountWithDecimals(amountMinor: number | bigint | string, currency: string): string {
  const digits = integerDigits(amountMinor);
  const negative = digits.startsWith('-');
  const magnitude = (negative ? digits.slice(1) : digits).replace(/^0+(?=\d)/, '');
  const exponent = currencyExponent(currency);
  const sign = negative && /[1-9]/.test(magnitude) ? '-' : '';
  if (exponent === 0) return sign + magnitude;
  const padded = magnitude.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

function integerDigits(amountMinor: number | bigint | string): string {
  if (typeof amountMinor === 'bigint') return amountMinor.toString();
  if (typeof amountMinor === 'number') {
    if (!Number.isSafeInteger(amountMinor)) {
      throw new RangeError(`Amount ${amountMinor} is not a safe integer in minor units`);
    }
    return amountMinor.toString();
  }
  if (!INTEGER.test(amountMinor))
    throw new RangeError(`Amount "${amountMinor}" is not an integer in minor units`);
  return amountMinor;
}

/**
 * Money as people read it in a message, with the minor units the API speaks in: `15.00 EUR (1500 minor units)`,
 * `995 JPY (995 minor units)`.
 */
export function describeMoney(amountMinor: number, currency: string): string {
  const units = Math.abs(amountMinor) === 1 ? 'minor unit' : 'minor units';
  return `${formatAmountWithDecimals(amountMinor, currency)} ${currency} (${amountMinor} ${units})`;
}
