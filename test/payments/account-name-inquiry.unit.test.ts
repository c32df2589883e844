import {
  matchCardholderName,
  shouldRunAccountNameInquiry,
  toAniResultsPayload,
} from '../../src/modules/payments/acquirer/account-name-inquiry.ts';
import { createSimulatorAcquirer } from '../../src/modules/payments/acquirer/simulator.ts';
import { SIMULATOR_TEST_CARDS } from '../../src/modules/payments/acquirer/test-cards.ts';

const acquirer = createSimulatorAcquirer();

function inquire(cardholderName: string, pan = '4111111111111111', brand: 'visa' | 'mastercard' = 'visa') {
  return acquirer.accountNameInquiry({ pan, expiry: '122030', brand, cardholderName });
}

describe('simulated Visa Account Name Inquiry', () => {
  it.each(['JOHN DOE', 'john doe', '  John   Doe ', 'John\tDoe'])(
    'reports a full match for "%s"',
    async (name) => {
      expect(await inquire(name)).toEqual({
        status: '00',
        statusDescription: 'performed',
        match: '01',
        matchDescription: 'full match',
      });
    },
  );

  it.each(['John Smith', 'jane doe', 'Mr John Doe', 'Doe'])(
    'reports a partial match for "%s"',
    async (name) => {
      expect(await inquire(name)).toEqual({
        status: '00',
        statusDescription: 'performed',
        match: '50',
        matchDescription: 'partial match',
      });
    },
  );

  it.each(['Jane Smith', 'JOHNNY DOERR', 'J. D.'])('reports no match for "%s"', async (name) => {
    expect(await inquire(name)).toEqual({
      status: '00',
      statusDescription: 'performed',
      match: '99',
      matchDescription: 'no match',
    });
  });

  it('knows JOHN DOE as the name of every test card', async () => {
    for (const card of SIMULATOR_TEST_CARDS.filter((testCard) => testCard.brand === 'visa')) {
      expect((await inquire('John Doe', card.pan)).match).toBe('01');
    }
  });

  it('answers that the issuer does not support it for a non-Visa card', async () => {
    expect(await inquire('John Doe', '5555555555554444', 'mastercard')).toEqual({
      status: '02',
      statusDescription: 'requested, issuer does not support it',
    });
  });

  it('does not perform the inquiry for a blank name', async () => {
    expect(await inquire('   ')).toEqual({ status: '01', statusDescription: 'requested, not performed' });
  });
});

describe('matchCardholderName', () => {
  it('compares case-insensitively with collapsed spaces', () => {
    expect(matchCardholderName(' ada  LOVELACE ', 'Ada Lovelace')).toBe('01');
    expect(matchCardholderName('Ada Byron', 'Ada Lovelace')).toBe('50');
    expect(matchCardholderName('Grace Hopper', 'Ada Lovelace')).toBe('99');
    expect(matchCardholderName('', 'Ada Lovelace')).toBe('99');
  });
});

describe('toAniResultsPayload', () => {
  it('shapes the result as ani_results of the API', () => {
    expect(
      toAniResultsPayload({
        status: '00',
        statusDescription: 'performed',
        match: '50',
        matchDescription: 'partial match',
      }),
    ).toEqual({
      status: '00',
      status_description: 'performed',
      match: '50',
      match_description: 'partial match',
    });
    expect(
      toAniResultsPayload({ status: '02', statusDescription: 'requested, issuer does not support it' }),
    ).toEqual({
      status: '02',
      status_description: 'requested, issuer does not support it',
    });
  });
});

describe('shouldRunAccountNameInquiry', () => {
  const firstVisaVerification = {
    amount: 0,
    brand: 'visa',
    cardholderName: 'John Doe',
    oneClickType: 'first',
  } as const;

  it('runs on a zero-amount first one-click Visa transaction with a cardholder name', () => {
    expect(shouldRunAccountNameInquiry(firstVisaVerification)).toBe(true);
  });

  it.each([
    ['the amount is not 0', { amount: 1 }],
    ['the card is not Visa', { brand: 'mastercard' }],
    ['the brand is unknown', { brand: null }],
    ['no name was entered', { cardholderName: undefined }],
    ['the name is blank', { cardholderName: '  ' }],
    ['it is a subsequent one-click transaction', { oneClickType: 'one-click' }],
    ['it is not a one-click transaction', { oneClickType: undefined }],
  ] as const)('does not run when %s', (_case, change) => {
    expect(shouldRunAccountNameInquiry({ ...firstVisaVerification, ...change })).toBe(false);
  });
});
