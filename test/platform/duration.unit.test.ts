import { addIsoDuration } from '../../src/modules/orders/duration.ts';
import { exactDurationMs } from '../../src/platform/validation/duration.ts';

describe('ISO 8601 durations', () => {
  it('reads the durations people write', () => {
    expect(exactDurationMs('PT1H')).toBe(3_600_000);
    expect(exactDurationMs('P1DT30M')).toBe(86_400_000 + 1_800_000);
    expect(exactDurationMs('PT0.5S')).toBe(500);
    expect(exactDurationMs('P2W')).toBe(14 * 86_400_000);
    expect(exactDurationMs('PT0S', { allowZero: true })).toBe(0);
  });

  it.each([
    'PT1H ',
    ' PT1H',
    'PT1H\u0000',
    'PT1HT1H',
    'PT1H'.repeat(3),
    'P1DT-1H',
    'PT1H junk',
    'junkPT1H',
    'PT',
    'P',
    'P1DT',
    '-PT1H',
  ])('refuses %j as a whole, not its first part', (text) => {
    expect(exactDurationMs(text)).toBeNull();
    expect(addIsoDuration(new Date('2026-11-30T00:00:00Z'), text)).toBeNull();
  });

  it('adds calendar parts by the calendar, and refuses a month made shorter by a negative part', () => {
    expect(addIsoDuration(new Date('2026-01-31T00:00:00Z'), 'P1M')?.toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
    expect(addIsoDuration(new Date('2026-11-30T00:00:00Z'), 'P1M-25D')).toBeNull();
    expect(addIsoDuration(new Date('2026-11-30T00:00:00Z'), 'P1Y-358D')).toBeNull();
  });
});
