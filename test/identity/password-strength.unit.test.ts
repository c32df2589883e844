import { refuseWeakPassword, STRENGTH_CHECKED_LENGTH } from '../../src/modules/identity/password-strength.ts';

const user = { email: 'jane@shop.example' };
const STRONG = 'correct horse battery staple, 7 tildes~';

describe('judging a password’s strength', () => {
  it('accepts a strong password and refuses a weak one', async () => {
    await expect(refuseWeakPassword(STRONG, user, 'password')).resolves.toBeUndefined();
    await expect(refuseWeakPassword('aaaaaaaaaaaa', user, 'password')).rejects.toThrow(/too easy to guess/);
  });

  it(`judges the first ${STRENGTH_CHECKED_LENGTH} characters only, so a long password cannot stall the process`, async () => {
    // zxcvbn took seconds, on the event loop, for 256 characters like these.
    const symbols = Array.from({ length: 256 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 90))).join('');
    await expect(refuseWeakPassword(symbols, user, 'password')).resolves.toBeUndefined();
    // What lies past the checked length counts for nothing.
    await expect(
      refuseWeakPassword(`${'1'.repeat(STRENGTH_CHECKED_LENGTH)}${STRONG}`, user, 'password'),
    ).rejects.toThrow(/too easy to guess/);
  });
});
