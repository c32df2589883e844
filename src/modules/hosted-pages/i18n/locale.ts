import { currencyExponent } from '../../orders/index.ts';
import { LANGUAGES, type Language, type Translate, translator } from './messages.ts';

/** The language of a page's strings, the BCP 47 locale its numbers are formatted in, and its translator. */
export interface PageLocale {
  language: Language;
  /** E.g. `nl-NL`; the customer's own locale when its language is one we speak, else the language itself. */
  locale: string;
  t: Translate;
}

/**
 * The customer's `locale` from the order (`nl_NL`, `nl`, `en-GB`) when its language is one of ours; otherwise
 * the browser's best `Accept-Language` match; otherwise English.
 */
export function pageLocaleFor(customerLocale: unknown, acceptLanguage: string | undefined): PageLocale {
  const fromOrder = typeof customerLocale === 'string' ? canonical(customerLocale) : null;
  const candidates = [...(fromOrder ? [fromOrder] : []), ...acceptedLocales(acceptLanguage)];
  for (const locale of candidates) {
    const language = languageOf(locale);
    if (language) return { language, locale, t: translator(language) };
  }
  return { language: 'en', locale: 'en', t: translator('en') };
}

function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

function languageOf(locale: string): Language | null {
  const language = locale.split('-')[0]!.toLowerCase();
  return (LANGUAGES as string[]).includes(language) ? (language as Language) : null;
}

/** `Accept-Language: nl-NL,nl;q=0.9,en;q=0.8` -> locales by preference; `*` and malformed tags are skipped. */
function acceptedLocales(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => canonical(entry.tag))
    .filter((tag): tag is string => tag !== null);
}

/**
 * An amount in minor units, formatted for its currency in `locale`: 995 EUR -> `€9.95` (`€ 9,95` in nl),
 * 995 JPY -> `¥995`, 995 KWD -> `KWD 0.995`. The decimal is built as a string from the integer, so no
 * floating point rounding can creep in.
 */
export function formatAmount(amount: number, currency: string, locale: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(Math.trunc(amount))).padStart(exponent + 1, '0');
  const decimal =
    exponent === 0 ? digits : `${digits.slice(0, digits.length - exponent)}.${digits.slice(-exponent)}`;
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
  // Intl formats decimal strings exactly (ECMA-402 NumberFormat v3); the cast covers older lib typings.
  return formatter.format((amount < 0 ? `-${decimal}` : decimal) as unknown as number);
}
