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

/** Number of minor-unit digits: EUR 2, JPY 0, KWD 3. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
