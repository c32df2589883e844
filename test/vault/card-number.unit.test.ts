import creditCardType from 'credit-card-type';
import {
  BRAND_PREFIX_DIGITS,
  detectBrands,
  isCardExpired,
  isCvcFormatValid,
  isLuhnValid,
  truncatePan,
} from '../../src/modules/vault/card-number.ts';

describe('isLuhnValid', () => {
  it.each([
    '4111111111111111',
    '5555555555554444',
    '378282246310005',
    '501800000009', // 12 digits
    '4111111111111111110', // 19 digits
    '123456789015', // valid check digit, no known brand
  ])('accepts %s', (pan) => {
    expect(isLuhnValid(pan)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '4111111111111112'],
    ['a wrong check digit on 19 digits', '4111111111111111111'],
    ['11 digits, even with a valid check digit', '41111111112'],
    ['20 digits, even with a valid check digit', '41111111111111111115'],
    ['spaces', '4111 1111 1111 1111'],
    ['letters', '4111a11111111111'],
    ['nothing', ''],
  ])('refuses %s', (_case, pan) => {
    expect(isLuhnValid(pan)).toBe(false);
  });
});

describe('detectBrands', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4111111111111111110', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['36227206271667', 'diners-club'],
    ['6200000000000005', 'unionpay'],
    ['6759649826438453', 'maestro'],
    ['501800000009', 'maestro'],
    ['6789012345678901239', 'maestro'],
  ])('detects %s as %s', (pan, brand) => {
    expect(detectBrands(pan)).toEqual({ brand, brands: [brand] });
  });

  it('calls American Express "amex"', () => {
    expect(detectBrands('371449635398431').brand).toBe('amex');
  });

  it('detects no brand when the length does not fit the prefix brand', () => {
    expect(detectBrands('4222222222222')).toEqual({ brand: null, brands: [] });
  });

  it('detects no brand for an unknown prefix or something that is not a card number', () => {
    expect(detectBrands('123456789015')).toEqual({ brand: null, brands: [] });
    expect(detectBrands('4111-1111-1111-1111')).toEqual({ brand: null, brands: [] });
  });

  it("may remember detections by the first digits and the length: no brand pattern of the library's is longer", () => {
    const longest = Math.max(
      ...Object.values(creditCardType.types)
        .flatMap((type) => creditCardType.getTypeInfo(type).patterns)
        .map((pattern) => String(Array.isArray(pattern) ? pattern[1] : pattern).length),
    );
    expect(longest).toBeLessThanOrEqual(BRAND_PREFIX_DIGITS);
  });

  it('answers a remembered detection as the first one, and a change to an answer does not reach the next', () => {
    const first = detectBrands('5555555555554444');
    first.brands.push('visa');
    expect(detectBrands('5555555555554444')).toEqual({ brand: 'mastercard', brands: ['mastercard'] });
    expect(detectBrands('5555555555554')).toEqual({ brand: null, brands: [] });
  });
});

describe('truncatePan', () => {
  it.each([
    ['4111111111111111', '411111******1111'],
    ['378282246310005', '378282*****0005'],
    ['501800000009', '501800**0009'],
    ['4111111111111111110', '411111*********1110'],
  ])('masks %s as %s', (pan, truncated) => {
    expect(truncatePan(pan)).toBe(truncated);
    expect(truncatePan(pan)).toHaveLength(pan.length);
  });

  it('refuses something that is not a card number, without repeating it', () => {
    expect(() => truncatePan('4111 1111 1111 1111')).toThrow(TypeError);
    expect(() => truncatePan('4111 1111 1111 1111')).not.toThrow(/4111/);
  });
});

describe('isCvcFormatValid', () => {
  it('wants 3 digits for visa, mastercard and unknown brands, and 4 for amex', () => {
    expect(isCvcFormatValid('123', 'visa')).toBe(true);
    expect(isCvcFormatValid('123', 'mastercard')).toBe(true);
    expect(isCvcFormatValid('123', null)).toBe(true);
    expect(isCvcFormatValid('1234', 'visa')).toBe(false);
    expect(isCvcFormatValid('1234', null)).toBe(false);
    expect(isCvcFormatValid('1234', 'amex')).toBe(true);
    expect(isCvcFormatValid('123', 'amex')).toBe(false);
    expect(isCvcFormatValid('12a', 'visa')).toBe(false);
  });
});

describe('isCardExpired', () => {
  const midMarch2026 = new Date('2026-03-15T10:00:00Z');

  it('treats a card as valid through its expiry month', () => {
    expect(isCardExpired('032026', midMarch2026)).toBe(false);
    expect(isCardExpired('032026', new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired('122030', midMarch2026)).toBe(false);
  });

  it('treats a card from an earlier month as expired', () => {
    expect(isCardExpired('022026', midMarch2026)).toBe(true);
    expect(isCardExpired('122025', midMarch2026)).toBe(true);
  });

  it('keeps a card valid until its month has ended in the last time zone (UTC-12)', () => {
    expect(isCardExpired('032026', new Date('2026-04-01T11:59:59Z'))).toBe(false);
    expect(isCardExpired('032026', new Date('2026-04-01T12:00:00Z'))).toBe(true);
  });

  it('refuses a malformed expiry', () => {
    expect(() => isCardExpired('132026', midMarch2026)).toThrow(TypeError);
    expect(() => isCardExpired('3/26', midMarch2026)).toThrow(TypeError);
  });
});
