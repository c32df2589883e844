import { randomUUID } from 'node:crypto';
import { containsCardNumber } from '../../src/platform/security/card-numbers.ts';

describe('finding card numbers in free text', () => {
  it('finds a card number alone, grouped by spaces or hyphens, or among words', () => {
    expect(containsCardNumber('4111111111111111')).toBe(true);
    expect(containsCardNumber('card 4111 1111 1111 1111, thanks')).toBe(true);
    expect(containsCardNumber('pan: 5500-0000-0000-0004')).toBe(true);
    expect(containsCardNumber('"378282246310005"')).toBe(true);
  });

  it('leaves digit runs that fail Luhn or have the wrong length', () => {
    expect(containsCardNumber('4111111111111112')).toBe(false);
    expect(containsCardNumber('41111111111')).toBe(false);
    expect(containsCardNumber('41111111111111111111')).toBe(false);
  });

  it('leaves a Luhn-valid run glued to letters or digits, which is part of an identifier', () => {
    expect(containsCardNumber('ref4111111111111111')).toBe(false);
    expect(containsCardNumber('4111111111111111x')).toBe(false);
    expect(containsCardNumber('94111111111111111')).toBe(false);
  });

  it('leaves the digits of a UUID, though a hyphen-grouped run in one may pass Luhn', () => {
    // Each of these held a Luhn-valid run of 12 digits across its groups (about one random UUID in 300 does).
    for (const uuid of ['cd012263-5351-43b4-b423-dddf76fcc7f6', 'c6e45577-9210-422d-ad75-cc7e386f7efc'])
      expect(containsCardNumber(`setupToken: "${uuid}"`)).toBe(false);
    // All-digit groups: 8123-456789012340 would be a grouped card number if it were not a UUID's tail.
    expect(containsCardNumber('00000000-0000-4000-8123-456789012340')).toBe(false);
    const uuids = Array.from({ length: 20_000 }, () => randomUUID()).join(' ');
    expect(containsCardNumber(uuids)).toBe(false);
  });
});
