import cardValidator from 'card-validator';
import luhn10 from 'card-validator/dist/luhn-10.js';
import creditCardType from 'credit-card-type';

/**
 * Card number facts (Luhn, brand, masking, expiry) built on the maintained `credit-card-type` and
 * `card-validator` libraries, so new BIN ranges arrive with a dependency update instead of a code change.
 * Nothing here logs or echoes a card number.
 */

/**
 * Brand names as the API shows them (`payment_method_brand`, vault record `brand`). They are the library ids,
 * except `american-express`, which the API calls `amex` (the short name used across card acquiring).
 */
export type CardBrand =
  | 'visa'
  | 'mastercard'
  | 'amex'
  | 'maestro'
  | 'discover'
  | 'jcb'
  | 'diners-club'
  | 'unionpay'
  | 'elo'
  | 'hiper'
  | 'hipercard'
  | 'mir'
  | 'naranja'
  | 'troy'
  | 'verve';

const BRAND_BY_LIBRARY_TYPE: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  maestro: 'maestro',
  discover: 'discover',
  jcb: 'jcb',
  'diners-club': 'diners-club',
  unionpay: 'unionpay',
  elo: 'elo',
  hiper: 'hiper',
  hipercard: 'hipercard',
  mir: 'mir',
  naranja: 'naranja',
  troy: 'troy',
  verve: 'verve',
};

const LIBRARY_TYPE_BY_BRAND: Readonly<Record<CardBrand, string>> = Object.fromEntries(
  Object.entries(BRAND_BY_LIBRARY_TYPE).map(([libraryType, brand]) => [brand, libraryType]),
) as Record<CardBrand, string>;

/** A PAN as the API accepts it: 12 to 19 digits, no spaces (spec 4.6). */
/**
 * The card number of every example (a Visa test number): the simulator's approved test card is this number
 * (payments/acquirer/test-cards.ts), so an example stored card pays without a challenge.
 */
export const EXAMPLE_CARD_PAN = '4111111111111111';

export const PAN_PATTERN = /^[0-9]{12,19}$/;

export function isPanFormat(pan: string): boolean {
  return PAN_PATTERN.test(pan);
}

/** Luhn (mod 10) check digit validity; false for anything that is not 12 to 19 digits. */
export function isLuhnValid(pan: string): boolean {
  return isPanFormat(pan) && luhn10(pan);
}

export interface BrandDetection {
  /** Best match, `null` when no known brand fits the prefix and length. */
  brand: CardBrand | null;
  /**
   * Every brand the library still considers for this number, best first. Usually one; several only when the
   * prefix is ambiguous between brands that all allow this length.
   */
  brands: CardBrand[];
}

/**
 * The most digits any of the library's brand patterns looks at: a number's brands follow from its first
 * `BRAND_PREFIX_DIGITS` digits and its length alone (a unit test holds the library to it).
 */
export const BRAND_PREFIX_DIGITS = 8;

/**
 * Detections by the number's first `BRAND_PREFIX_DIGITS` digits (its BIN, which may be shown and kept; never the
 * whole number) and its length: the library copies its whole brand table at every call (~50 µs, 2% of the
 * server's time in the card flow), and a shop's customers come from a few thousand BINs. Bounded: emptied when
 * full.
 */
const detections = new Map<string, BrandDetection>();
const MAX_DETECTIONS = 4096;

/**
 * Detects the brand from the number's prefix. A brand only counts when it allows the number's length, so a
 * 13-digit number starting with 4 is not called Visa (Visa PANs are 16, 18 or 19 digits).
 */
export function detectBrands(pan: string): BrandDetection {
  if (!isPanFormat(pan)) return { brand: null, brands: [] };
  const key = `${pan.slice(0, BRAND_PREFIX_DIGITS)}:${pan.length}`;
  const known = detections.get(key);
  if (known) return { brand: known.brand, brands: [...known.brands] };
  const brands: CardBrand[] = [];
  for (const candidate of creditCardType(pan)) {
    const brand = BRAND_BY_LIBRARY_TYPE[candidate.type];
    if (brand && candidate.lengths.includes(pan.length) && !brands.includes(brand)) brands.push(brand);
  }
  if (detections.size >= MAX_DETECTIONS) detections.clear();
  detections.set(key, { brand: brands[0] ?? null, brands: [...brands] });
  return { brand: brands[0] ?? null, brands };
}

/** The library deep-copies its brand table at every `getTypeInfo` (5 µs); a brand's code length never changes. */
const CODE_LENGTHS = new Map<CardBrand, number>();

/** Number of digits of the security code the brand prints on the card (Amex: 4, everyone else here: 3). */
export function securityCodeLength(brand: CardBrand | null): number {
  if (brand === null) return 3;
  let length = CODE_LENGTHS.get(brand);
  if (length === undefined) {
    length = creditCardType.getTypeInfo(LIBRARY_TYPE_BY_BRAND[brand]).code.size;
    CODE_LENGTHS.set(brand, length);
  }
  return length;
}

/** Whether `cvc` has the digits the brand's security code has; the value itself is never checked here. */
export function isCvcFormatValid(cvc: string, brand: CardBrand | null): boolean {
  const length = securityCodeLength(brand);
  return cvc.length === length && cardValidator.cvv(cvc, length).isValid;
}

/**
 * First six and last four digits with the middle masked, the usual PCI DSS display form:
 * a 16-digit PAN becomes `411111******1111`. The mask has `length - 10` asterisks.
 * Throws (without the number in the message) when given something that is not a PAN.
 */
export function truncatePan(pan: string): string {
  if (!isPanFormat(pan)) throw new TypeError('truncatePan needs a card number of 12 to 19 digits');
  return `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;
}

/** `MMYYYY` with month 01 to 12 (spec 4.6). */
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])[0-9]{4}$/;

/**
 * Hours after the end of a UTC month until that month has ended in every time zone (UTC-12 is the last).
 * A card is valid through the last day of its expiry month wherever the cardholder is, so we only call it
 * expired once that day is over everywhere.
 */
const LATEST_TIME_ZONE_LAG_HOURS = 12;

/** True when an `MMYYYY` expiry lies wholly in the past at `now`. Throws on a malformed expiry. */
export function isCardExpired(expiry: string, now: Date): boolean {
  if (!EXPIRY_PATTERN.test(expiry)) throw new TypeError('expiry must be MMYYYY with month 01 to 12');
  const month = Number(expiry.slice(0, 2));
  const year = Number(expiry.slice(2));
  const latest = new Date(now.getTime() - LATEST_TIME_ZONE_LAG_HOURS * 3_600_000);
  const currentMonthIndex = latest.getUTCFullYear() * 12 + latest.getUTCMonth();
  return year * 12 + (month - 1) < currentMonthIndex;
}
