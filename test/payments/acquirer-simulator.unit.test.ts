import type { AuthorizationRequest } from '../../src/modules/payments/acquirer/acquirer.ts';
import { createSimulatorAcquirer } from '../../src/modules/payments/acquirer/simulator.ts';
import { SIMULATOR_TEST_CARDS } from '../../src/modules/payments/acquirer/test-cards.ts';
import {
  isThreeDSecureChallengePassed,
  THREE_D_SECURE_TEST_CHALLENGE_CODE,
} from '../../src/modules/payments/acquirer/three-d-secure.ts';
import { detectBrands } from '../../src/modules/vault/card-number.ts';

const now = new Date('2026-03-15T10:00:00Z');
const acquirer = createSimulatorAcquirer({ now: () => now });

function request(pan: string, overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  return {
    transactionId: '0b7e4c1e-6a55-4b8e-9a3e-5d2f1c0a9b87',
    pan,
    expiry: '122030',
    brand: detectBrands(pan).brand,
    amount: 1250,
    currency: 'EUR',
    captureMode: 'automatic',
    cvc: '123',
    threeDSecure: 'none',
    cardholderName: 'John Doe',
    ...overrides,
  };
}

const followUp = {
  transactionId: 'c3a1f0de-2b7a-4f43-8d9e-1a2b3c4d5e6f',
  originalTransactionId: '0b7e4c1e-6a55-4b8e-9a3e-5d2f1c0a9b87',
  amount: 500,
  currency: 'EUR',
};

describe('simulator authorization', () => {
  it.each([
    ['4111111111111111', 'approved', '00', 'Approved', 'none'],
    ['5555555555554444', 'approved', '00', 'Approved', 'none'],
    ['4000000000000002', 'declined', '05', 'Do not honour', 'do_not_honour'],
    ['4000000000009995', 'declined', '51', 'Insufficient funds', 'insufficient_funds'],
    [
      '4000000000003220',
      'challenge_required',
      '1A',
      'Additional customer authentication required',
      'authentication_required',
    ],
    ['4000000000000119', 'error', '96', 'System malfunction', 'processor_error'],
  ])('answers %s with %s %s', async (pan, kind, responseCode, responseCodeDescription, reason) => {
    const result = await acquirer.authorize(request(pan));
    expect(result).toMatchObject({ kind, responseCode, responseCodeDescription, reason });
    expect(result.authorizationCode !== undefined).toBe(kind === 'approved');
  });

  it.each(['external', 'challenge_passed'] as const)(
    'approves the challenge card once 3-D Secure is done (%s)',
    async (threeDSecure) => {
      expect(await acquirer.authorize(request('4000000000003220', { threeDSecure }))).toMatchObject({
        kind: 'approved',
        responseCode: '00',
        responseCodeDescription: 'Approved',
        reason: 'none',
      });
    },
  );

  it('does not change a decline because 3-D Secure was done', async () => {
    const result = await acquirer.authorize(
      request('4000000000000002', { threeDSecure: 'challenge_passed' }),
    );
    expect(result).toMatchObject({ kind: 'declined', responseCode: '05' });
  });

  it('answers every documented test card as its table row says once authenticated', async () => {
    for (const card of SIMULATOR_TEST_CARDS) {
      expect(detectBrands(card.pan).brand).toBe(card.brand);
      const result = await acquirer.authorize(request(card.pan, { threeDSecure: 'challenge_passed' }));
      expect(result).toMatchObject({
        kind: card.kind,
        responseCode: card.response.code,
        responseCodeDescription: card.response.description,
        reason: card.response.reason,
      });
    }
  });

  it.each([
    '378282246310005', // amex
    '6011111111111117', // discover
    '501800000009', // 12-digit maestro
    '4111111111111111110', // 19-digit visa
    '4242424242424242',
  ])('approves any other Luhn-valid card (%s)', async (pan) => {
    expect(await acquirer.authorize(request(pan))).toMatchObject({ kind: 'approved', responseCode: '00' });
  });

  it('declines a card number whose check digit is wrong', async () => {
    expect(await acquirer.authorize(request('4111111111111112'))).toMatchObject({
      kind: 'declined',
      responseCode: '14',
      reason: 'invalid_card_number',
    });
  });

  it('declines an expired card, judged by the injected clock', async () => {
    expect(await acquirer.authorize(request('4111111111111111', { expiry: '022026' }))).toMatchObject({
      kind: 'declined',
      responseCode: '54',
      reason: 'expired_card',
    });
    expect(await acquirer.authorize(request('4111111111111111', { expiry: '032026' }))).toMatchObject({
      kind: 'approved',
    });
  });

  it('verifies an approved card with amount 0 and still declines a declined card', async () => {
    expect(await acquirer.authorize(request('4111111111111111', { amount: 0 }))).toMatchObject({
      kind: 'approved',
      responseCode: '00',
    });
    expect(await acquirer.authorize(request('4000000000009995', { amount: 0 }))).toMatchObject({
      kind: 'declined',
      responseCode: '51',
    });
  });

  it('answers the same way for pre-authorizations and without a CVC', async () => {
    const result = await acquirer.authorize(
      request('4111111111111111', { captureMode: 'manual', cvc: undefined }),
    );
    expect(result).toMatchObject({ kind: 'approved', responseCode: '00' });
  });

  it('gives a six-character authorization code that is the same for the same transaction', async () => {
    const first = await acquirer.authorize(request('4111111111111111'));
    const again = await acquirer.authorize(request('4111111111111111'));
    const other = await acquirer.authorize(
      request('4111111111111111', { transactionId: '9d7c8b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' }),
    );
    expect(first.authorizationCode).toMatch(/^[0-9A-Z]{6}$/);
    expect(again.authorizationCode).toBe(first.authorizationCode);
    expect(other.authorizationCode).not.toBe(first.authorizationCode);
  });

  it('refuses a negative or fractional amount and a malformed currency as programming errors', async () => {
    await expect(acquirer.authorize(request('4111111111111111', { amount: -1 }))).rejects.toThrow(RangeError);
    await expect(acquirer.authorize(request('4111111111111111', { amount: 10.5 }))).rejects.toThrow(
      RangeError,
    );
    await expect(acquirer.authorize(request('4111111111111111', { currency: 'eur' }))).rejects.toThrow(
      RangeError,
    );
  });
});

describe('simulator capture, void and refund', () => {
  it.each(['capture', 'void', 'refund'] as const)('approves a %s with 00', async (operation) => {
    expect(await acquirer[operation](followUp)).toEqual({
      kind: 'approved',
      responseCode: '00',
      responseCodeDescription: 'Approved',
      reason: 'none',
    });
  });

  it.each(['capture', 'refund'] as const)(
    'refuses a %s of amount 0 as a programming error',
    async (operation) => {
      await expect(acquirer[operation]({ ...followUp, amount: 0 })).rejects.toThrow(RangeError);
    },
  );

  it('voids a zero-amount card verification', async () => {
    expect(await acquirer.void({ ...followUp, amount: 0 })).toMatchObject({
      kind: 'approved',
      responseCode: '00',
    });
  });

  it.each(['capture', 'void', 'refund'] as const)(
    'refuses a %s with a fractional amount',
    async (operation) => {
      await expect(acquirer[operation]({ ...followUp, amount: 0.5 })).rejects.toThrow(RangeError);
    },
  );
});

describe('3-D Secure test challenge', () => {
  it('passes only with the documented code 1234', () => {
    expect(THREE_D_SECURE_TEST_CHALLENGE_CODE).toBe('1234');
    expect(isThreeDSecureChallengePassed('1234')).toBe(true);
    expect(isThreeDSecureChallengePassed(' 1234 ')).toBe(true);
    expect(isThreeDSecureChallengePassed('4321')).toBe(false);
    expect(isThreeDSecureChallengePassed('12345')).toBe(false);
    expect(isThreeDSecureChallengePassed('')).toBe(false);
  });
});
