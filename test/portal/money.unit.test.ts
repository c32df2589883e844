import {
  currencyExponent,
  formatMoney,
  minorToMajorString,
  parseMajorAmount,
} from '../../portal/src/money.ts';

describe("the portal's money: minor units from the API, major units for people, never through a float", () => {
  it("knows each currency's own exponent", () => {
    expect(currencyExponent('EUR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
  });

  it('places the decimal point by digits', () => {
    expect(minorToMajorString(995, 2)).toBe('9.95');
    expect(minorToMajorString(5, 2)).toBe('0.05');
    expect(minorToMajorString(995, 0)).toBe('995');
    expect(minorToMajorString(1234, 3)).toBe('1.234');
    expect(minorToMajorString(9_007_199_254_740_991, 2)).toBe('90071992547409.91');
  });

  it("formats with the currency's symbol and exponent in the given locale", () => {
    expect(formatMoney(995, 'EUR', 'en-GB')).toBe('€9.95');
    expect(formatMoney(995, 'EUR', 'nl-NL').replace(/\s/g, ' ')).toBe('€ 9,95');
    expect(formatMoney(1250, 'JPY', 'en-GB')).toBe('JP¥1,250');
    expect(formatMoney(9_007_199_254_740_991, 'EUR', 'en-GB')).toBe('€90,071,992,547,409.91');
  });

  it('converts what a person types into exact minor units', () => {
    expect(parseMajorAmount('7.35', 'EUR')).toEqual({ ok: true, minor: 735 });
    expect(parseMajorAmount('2,50', 'EUR')).toEqual({ ok: true, minor: 250 });
    expect(parseMajorAmount(' 1 234.5 ', 'EUR')).toEqual({ ok: true, minor: 123_450 });
    expect(parseMajorAmount('1.234,56', 'EUR')).toEqual({ ok: true, minor: 123_456 });
    expect(parseMajorAmount('1,234,567', 'JPY')).toEqual({ ok: true, minor: 1_234_567 });
    expect(parseMajorAmount('0.1', 'EUR')).toEqual({ ok: true, minor: 10 });
    expect(parseMajorAmount('0.29', 'EUR')).toEqual({ ok: true, minor: 29 }); // 0.29 * 100 is 28.999… as a float
    expect(parseMajorAmount('1.005', 'KWD')).toEqual({ ok: true, minor: 1005 });
  });

  it('refuses more decimals than the currency has, signs and anything that is not an amount', () => {
    expect(parseMajorAmount('1.005', 'EUR')).toEqual({ ok: false, message: 'EUR has 2 decimals at most' });
    expect(parseMajorAmount('12.5', 'JPY')).toEqual({ ok: false, message: 'JPY has no decimals' });
    for (const text of ['', '-1', '1e3', 'abc', '1.2.3,4,5', '12..', '1,2,3', '.', '1.234.5']) {
      expect(parseMajorAmount(text, 'EUR').ok).toBe(false);
    }
    expect(parseMajorAmount('99999999999999999', 'EUR')).toEqual({
      ok: false,
      message: 'The amount is too large',
    });
  });
});
