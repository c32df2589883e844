import { type CardBrand, EXAMPLE_CARD_PAN } from '../../vault/index.ts';
import type { AuthorizationKind } from './acquirer.ts';
import { RESPONSE_CODES, type ResponseCode } from './response-codes.ts';

/**
 * The simulator's test cards, as data so the README table and the tests come from the same source.
 * Any expiry in the future and any well-formed CVC work with every card.
 */
export interface SimulatorTestCard {
  pan: string;
  brand: CardBrand;
  /** What happens, in words, for documentation. */
  description: string;
  /** True when the card first answers `challenge_required` until 3-D Secure is done. */
  requiresChallenge: boolean;
  /** The final outcome once any required challenge is passed (`pending`: the outcome comes later). */
  kind: Exclude<AuthorizationKind, 'challenge_required' | 'expired'>;
  response: ResponseCode;
}

export const SIMULATOR_TEST_CARDS: readonly SimulatorTestCard[] = [
  {
    pan: EXAMPLE_CARD_PAN,
    brand: 'visa',
    description: 'Approved without a challenge',
    requiresChallenge: false,
    kind: 'approved',
    response: RESPONSE_CODES.approved,
  },
  {
    pan: '5555555555554444',
    brand: 'mastercard',
    description: 'Approved without a challenge',
    requiresChallenge: false,
    kind: 'approved',
    response: RESPONSE_CODES.approved,
  },
  {
    pan: '4000000000000002',
    brand: 'visa',
    description: 'Declined: do not honour',
    requiresChallenge: false,
    kind: 'declined',
    response: RESPONSE_CODES.doNotHonour,
  },
  {
    pan: '4000000000009995',
    brand: 'visa',
    description: 'Declined: insufficient funds',
    requiresChallenge: false,
    kind: 'declined',
    response: RESPONSE_CODES.insufficientFunds,
  },
  {
    pan: '4000000000003220',
    brand: 'visa',
    description: '3-D Secure challenge required; approved once the challenge is passed',
    requiresChallenge: true,
    kind: 'approved',
    response: RESPONSE_CODES.approved,
  },
  {
    pan: '4000000000000119',
    brand: 'visa',
    description: 'Processor error: system malfunction',
    requiresChallenge: false,
    kind: 'error',
    response: RESPONSE_CODES.systemMalfunction,
  },
  {
    pan: '4000000000000770',
    brand: 'visa',
    description:
      'Pending at the acquirer: the outcome comes later (test projects play it with the outcome endpoint)',
    requiresChallenge: false,
    kind: 'pending',
    response: RESPONSE_CODES.inProgress,
  },
];

/** What every other Luhn-valid, unexpired card does on the simulator. */
export const SIMULATOR_DEFAULT_OUTCOME = {
  description: 'Any other Luhn-valid card: approved without a challenge',
  kind: 'approved',
  response: RESPONSE_CODES.approved,
} as const;

/** The name the simulated issuer has on file for every card, used by the Account Name Inquiry. */
export const SIMULATOR_REGISTERED_CARDHOLDER_NAME = 'JOHN DOE';

export function findSimulatorTestCard(pan: string): SimulatorTestCard | undefined {
  return SIMULATOR_TEST_CARDS.find((card) => card.pan === pan);
}
