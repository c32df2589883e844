import { createHash } from 'node:crypto';
import { isCardExpired, isLuhnValid } from '../../vault/index.ts';
import { aniResult, matchCardholderName } from './account-name-inquiry.ts';
import type {
  AccountNameInquiryRequest,
  AccountNameInquiryResult,
  Acquirer,
  AuthorizationOutcomeNotice,
  AuthorizationRequest,
  AuthorizationResult,
  FollowUpRequest,
  OperationResult,
} from './acquirer.ts';
import { RESPONSE_CODES, type ResponseCode } from './response-codes.ts';
import { findSimulatorTestCard, SIMULATOR_REGISTERED_CARDHOLDER_NAME } from './test-cards.ts';

/**
 * The deterministic acquirer of test projects. The outcome depends only on the request (and the clock for
 * expiry), never on chance, so tests and merchants can trigger every path on purpose:
 *
 * - A card that is not Luhn-valid is declined `14` (invalid_card_number); an expired card is declined `54`.
 * - The test cards of test-cards.ts answer as listed there. `4000000000000770` answers `pending` (`09`): the
 *   outcome comes later, as `simulateAuthorizationOutcome` builds it (approved, declined `05` or expired `68`). `4000000000003220` answers `challenge_required`
 *   (`1A`) until `threeDSecure` is `external` or `challenge_passed`, then it is approved.
 * - Every other Luhn-valid card is approved `00`.
 * - Amount 0 is a card verification and follows the same rules: approved cards verify.
 * - The CVC value is not checked (its presence is a validation concern of the caller).
 * - Capture, void and refund always succeed with `00` (capture and refund need an amount > 0, a void may be 0):
 *   checking amounts against the authorization is the gateway's job (which it must do for any acquirer anyway).
 * - Every call is booked by its transaction id (the `ledger`): a repeat answers the first outcome with no second
 *   effect, as the acquirer contract requires (acquirer.ts).
 * - Account Name Inquiry compares with `JOHN DOE`, the name on file for every card; non-Visa cards answer
 *   status `02` (issuer does not support it), a blank name status `01` (not performed).
 */

export interface SimulatorOptions {
  /** Clock for the expiry check; defaults to the system clock. */
  now?: () => Date;
  /**
   * The simulator's books (acquirer-ledger.repository.ts): with them, a repeated call with the same transaction id
   * answers the first call's outcome and books no second effect, across gateway restarts (the acquirer contract,
   * acquirer.ts). Without them (unit tests) every call is answered afresh, with the same deterministic outcome.
   */
  ledger?: SimulatorLedger;
}

/** One call to book: the operation, the reference it is made with, and the outcome to keep if it is the first. */
export interface LedgerEntry<T> {
  operation: string;
  transactionId: string;
  amount: number;
  currency: string;
  result: T;
  /** The authorization a capture, void or refund acts on. */
  originalTransactionId?: string;
}

/** Books an operation's first outcome and answers it to every repeat. */
export type SimulatorLedger = <T>(entry: LedgerEntry<T>) => Promise<T>;

const CURRENCY_PATTERN = /^[A-Z]{3}$/;

function checkMoney(amount: number, currency: string, minimum: number): void {
  // Programming errors: requests are validated before they reach an acquirer.
  if (!Number.isSafeInteger(amount) || amount < minimum) {
    throw new RangeError(`amount must be an integer >= ${minimum} in minor units`);
  }
  if (!CURRENCY_PATTERN.test(currency)) throw new RangeError('currency must be an ISO 4217 code');
}

function outcome(kind: AuthorizationResult['kind'], response: ResponseCode): AuthorizationResult {
  return {
    kind,
    responseCode: response.code,
    responseCodeDescription: response.description,
    reason: response.reason,
  };
}

/** Six characters, derived from the transaction id so a replayed request gets the same code. */
function authorizationCodeFor(transactionId: string): string {
  return createHash('sha256')
    .update(`simulator-authorization:${transactionId}`)
    .digest('hex')
    .slice(0, 6)
    .toUpperCase();
}

function approvedOperation(): OperationResult {
  const { code, description, reason } = RESPONSE_CODES.approved;
  return { kind: 'approved', responseCode: code, responseCodeDescription: description, reason };
}

/** Capture and refund move money, so they need an amount; a void may release a zero-amount verification. */
function followUp(operation: string, minimumAmount: number, ledger: SimulatorLedger | undefined) {
  return async (request: FollowUpRequest): Promise<OperationResult> => {
    checkMoney(request.amount, request.currency, minimumAmount);
    const result = approvedOperation();
    if (!ledger) return result;
    return ledger({
      operation,
      transactionId: request.transactionId,
      originalTransactionId: request.originalTransactionId,
      amount: request.amount,
      currency: request.currency,
      result,
    });
  };
}

export function simulateAuthorization(request: AuthorizationRequest, now: Date): AuthorizationResult {
  checkMoney(request.amount, request.currency, 0);
  if (!isLuhnValid(request.pan)) return outcome('declined', RESPONSE_CODES.invalidCardNumber);
  if (isCardExpired(request.expiry, now)) return outcome('declined', RESPONSE_CODES.expiredCard);
  const card = findSimulatorTestCard(request.pan);
  if (card?.requiresChallenge && request.threeDSecure === 'none') {
    return outcome('challenge_required', RESPONSE_CODES.authenticationRequired);
  }
  const result = card ? outcome(card.kind, card.response) : outcome('approved', RESPONSE_CODES.approved);
  if (result.kind === 'approved') result.authorizationCode = authorizationCodeFor(request.transactionId);
  return result;
}

/** What the simulated acquirer answers later for an authorization it took `pending` (test projects pick it). */
export type SimulatedLateOutcome = 'approved' | 'declined' | 'expired';

export function simulateAuthorizationOutcome(
  transactionId: string,
  late: SimulatedLateOutcome,
): AuthorizationOutcomeNotice {
  if (late === 'approved') {
    const result = outcome('approved', RESPONSE_CODES.approved) as AuthorizationOutcomeNotice['result'];
    return { transactionId, result: { ...result, authorizationCode: authorizationCodeFor(transactionId) } };
  }
  const response = late === 'declined' ? RESPONSE_CODES.doNotHonour : RESPONSE_CODES.responseTooLate;
  return { transactionId, result: outcome(late, response) as AuthorizationOutcomeNotice['result'] };
}

export function simulateAccountNameInquiry(request: AccountNameInquiryRequest): AccountNameInquiryResult {
  if (request.brand !== 'visa') return aniResult('02');
  if (request.cardholderName.trim() === '') return aniResult('01');
  return aniResult('00', matchCardholderName(request.cardholderName, SIMULATOR_REGISTERED_CARDHOLDER_NAME));
}

export function createSimulatorAcquirer(options: SimulatorOptions = {}): Acquirer {
  const now = options.now ?? (() => new Date());
  const { ledger } = options;
  return {
    name: 'simulator',
    authorize: async (request) => {
      const result = simulateAuthorization(request, now());
      if (!ledger) return result;
      // A challenge passed is a new attempt of the same transaction: booked apart from the one that asked for it.
      return ledger({
        operation: `authorize:${request.threeDSecure}`,
        transactionId: request.transactionId,
        amount: request.amount,
        currency: request.currency,
        result,
      });
    },
    capture: followUp('capture', 1, ledger),
    void: followUp('void', 0, ledger),
    refund: followUp('refund', 1, ledger),
    accountNameInquiry: async (request) => simulateAccountNameInquiry(request),
  };
}
