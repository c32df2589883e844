import { formatCardExpiry, formatDuration } from '../../portal/src/dates.ts';

describe("the portal's durations and card expiries, for people rather than in the API's formats", () => {
  it('says an ISO 8601 duration in words', () => {
    expect(formatDuration('PT1H', 'en-GB')).toBe('1 hour');
    expect(formatDuration('PT30M', 'en-GB')).toBe('30 minutes');
    expect(formatDuration('P1DT12H', 'en-GB')).toBe('1 day, 12 hours');
    expect(formatDuration('P2W', 'en-GB')).toBe('2 weeks');
  });

  it("uses the user's language", () => {
    expect(formatDuration('PT2H', 'de-DE')).toBe('2 Stunden');
  });

  it('shows what it cannot read as it is, and nothing for nothing', () => {
    expect(formatDuration('an hour', 'en-GB')).toBe('an hour');
    expect(formatDuration('PT0S', 'en-GB')).toBe('PT0S');
    expect(formatDuration(null)).toBeNull();
  });

  it('prints a card expiry MMYYYY as MM/YYYY', () => {
    expect(formatCardExpiry('122030')).toBe('12/2030');
    expect(formatCardExpiry('012027')).toBe('01/2027');
    expect(formatCardExpiry('132030')).toBe('132030');
    expect(formatCardExpiry(null)).toBeNull();
  });
});
