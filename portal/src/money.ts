/**
 * Money in the portal: the API speaks integers in the currency's minor unit; people read and type major units.
 * The exponent is the currency's own (ISO 4217 through Intl: EUR 2, JPY 0, KWD 3), as on the hosted pages, and
 * typed amounts are converted with string arithmetic, never through a float.
 */

export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** 995 EUR → "€9.95" in the user's locale. Exact for any safe integer (digits are placed, not divided). */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const exponent = currencyExponent(currency);
  const major = minorToMajorString(minor, exponent);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(major as unknown as number);
  } catch {
    return `${major} ${currency}`;
  }
}

/** 995, 2 → "9.95"; 5, 2 → "0.05"; 995, 0 → "995"; -5, 2 → "-0.05". */
export function minorToMajorString(minor: number, exponent: number): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(exponent + 1, '0');
  const whole = exponent === 0 ? digits : digits.slice(0, -exponent);
  const fraction = exponent === 0 ? '' : `.${digits.slice(-exponent)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

/**
 * What a person typed in major units ("12.5", "12,50", "1 234.56", "1.234,56") → minor units, exactly. With both
 * "." and "," the last one is the decimal separator; one separator used once is the decimal separator, used more
 * often it groups. Refuses more decimals than the currency has, signs, exponents and anything else.
 */
export function parseMajorAmount(text: string, currency: string): ParsedAmount {
  const exponent = currencyExponent(currency);
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return { ok: false, message: 'Enter an amount' };
  if (!/^[\d.,]+$/.test(compact) || !/\d/.test(compact)) {
    return { ok: false, message: `Enter an amount like ${exampleAmount(exponent)}` };
  }
  const lastSeparator = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const separator = lastSeparator >= 0 ? compact[lastSeparator]! : null;
  const decimal =
    separator !== null &&
    (compact.includes('.') && compact.includes(',') ? true : compact.split(separator).length === 2);
  const wholeText = decimal ? compact.slice(0, lastSeparator) : compact;
  const fraction = decimal ? compact.slice(lastSeparator + 1) : '';
  // Grouping: one kind of separator (not the decimal one) between groups of three digits, e.g. 1.234.567,89.
  const grouping = /^\d{1,3}(?:([.,])\d{3}(?:\1\d{3})*)?$/.exec(wholeText);
  const wellFormed =
    /^\d*$/.test(fraction) &&
    (/^\d*$/.test(wholeText) || (grouping !== null && (!decimal || grouping[1] !== separator))) &&
    `${wholeText}${fraction}` !== '';
  if (!wellFormed) return { ok: false, message: `Enter an amount like ${exampleAmount(exponent)}` };
  const whole = wholeText.replace(/[.,]/g, '');
  if (fraction.length > exponent) {
    return {
      ok: false,
      message:
        exponent === 0
          ? `${currency} has no decimals`
          : `${currency} has ${exponent} decimal${exponent === 1 ? '' : 's'} at most`,
    };
  }
  const digits = `${whole}${fraction.padEnd(exponent, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits === '' || digits.length > 15) return { ok: false, message: 'The amount is too large' };
  return { ok: true, minor: Number(digits) };
}

function exampleAmount(exponent: number): string {
  return exponent === 0 ? '1250' : `12.${'5'.padEnd(exponent, '0')}`;
}
