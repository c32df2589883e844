import { currencyExponent, formatAmountWithDecimals } from '../../src/modules/search/currency-amount.ts';

describe('amount with decimals', () => {
  it.each([
    [995, 'EUR', '9.95'],
    [995, 'JPY', '995'],
    [995, 'KWD', '0.995'],
    [5, 'EUR', '0.05'],
    [0, 'EUR', '0.00'],
    [0, 'KWD', '0.000'],
    [100, 'EUR', '1.00'],
    [123456, 'USD', '1234.56'],
    [7, 'BHD', '0.007'],
  ])('writes %i %s as %s', (amount, currency, expected) => {
    expect(formatAmountWithDecimals(amount, currency)).toBe(expected);
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatAmountWithDecimals(-5, 'EUR')).toBe('-0.05');
    expect(formatAmountWithDecimals(-995, 'JPY')).toBe('-995');
    expect(formatAmountWithDecimals(-1234, 'KWD')).toBe('-1.234');
  });

  it('writes zero without a sign, however it arrives', () => {
    expect(formatAmountWithDecimals(-0, 'EUR')).toBe('0.00');
    expect(formatAmountWithDecimals('-000', 'EUR')).toBe('0.00');
  });

  it('is exact beyond the float range for bigint and digit-string amounts', () => {
    expect(formatAmountWithDecimals(9007199254740993n, 'EUR')).toBe('90071992547409.93');
    expect(formatAmountWithDecimals('9223372036854775807', 'KWD')).toBe('9223372036854775.807');
    expect(formatAmountWithDecimals('0007', 'EUR')).toBe('0.07');
  });

  it('refuses amounts that are not integers', () => {
    expect(() => formatAmountWithDecimals(9.95, 'EUR')).toThrow(RangeError);
    expect(() => formatAmountWithDecimals(Number.MAX_SAFE_INTEGER + 1, 'EUR')).toThrow(RangeError);
    expect(() => formatAmountWithDecimals('9.95', 'EUR')).toThrow(RangeError);
    expect(() => formatAmountWithDecimals('1e3', 'EUR')).toThrow(RangeError);
  });

  it('refuses a malformed currency code', () => {
    expect(() => formatAmountWithDecimals(1, 'eur')).toThrow(RangeError);
    expect(() => formatAmountWithDecimals(1, 'EURO')).toThrow(RangeError);
  });

  it('takes the exponent from Intl', () => {
    expect([currencyExponent('EUR'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
  });
});
