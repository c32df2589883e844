import { isoTimestamp } from '../../src/platform/iso-timestamp.ts';

/** Timestamps in every answer and row are written by `isoTimestamp`: byte for byte what `toISOString` writes. */
describe('an ISO 8601 timestamp', () => {
  it('is what toISOString writes, across years, leap days, and every padding of every field', () => {
    const instants = [
      0,
      Date.UTC(2026, 10, 29, 22, 50, 1, 123),
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1, 0, 0, 0, 0),
      Date.UTC(1000, 0, 1, 0, 0, 0, 5),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(1969, 11, 31, 23, 59, 59, 990),
    ];
    // A walk through some 60 years in steps that land on every hour, minute, second and millisecond width.
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2050, 0, 1); t += 7_777_777_777 + 7) instants.push(t);
    for (const t of instants) expect(isoTimestamp(new Date(t))).toBe(new Date(t).toISOString());
  });

  it('leaves years of other widths to toISOString, signs included', () => {
    for (const t of [
      Date.UTC(999, 0, 1),
      Date.UTC(10_000, 0, 1),
      Date.UTC(-1, 5, 6, 7, 8, 9, 10),
      -8.64e15,
      8.64e15,
    ]) {
      expect(isoTimestamp(new Date(t))).toBe(new Date(t).toISOString());
    }
  });

  it('refuses an invalid date as toISOString does', () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
