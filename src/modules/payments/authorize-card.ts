import { crashPoint } from '../../platform/faults.ts';
import type { JsonObject, Order, TransactionStatus } from '../orders/index.ts';
import {
  addIsoDuration,
  changeTransactionStatus,
  paymentPageUrl,
  processingOutcomes,
  type Transaction,
  type TransactionEvent,
} from '../orders/index.ts';
import type { CardBrand, VaultCard } from '../vault/index.ts';
import { openPan } from '../vault/index.ts';
import { shouldRunAccountNameInquiry, toAniResultsPayload } from './acquirer/account-name-inquiry.ts';
import type {
  AccountNameInquiryResult,
  AuthorizationKind,
  AuthorizationResult,
  ThreeDSecureStatus,
} from './acquirer/acquirer.ts';
import { riskDataOf } from './acquirer/risk-data.ts';
import type { AuthorizationSetting } from './authorization-setting.ts';
import { CardAuthorization, type CardAuthorizationFacts } from './card-authorization.entity.ts';

/** The values of spec 4.13 as echoed under `payment_method_details.external_authentication_details`. */
export interface ExternalAuthenticationDetails {
  authenticationValue: string;
  protocolVersion: string;
  methodUsed: string;
  dsTransID: string;
}

export interface CardAttempt {
  order: Order;
  /** Every transaction of the order, `transaction` included. */
  transactions: Transaction[];
  transaction: Transaction;
  card: VaultCard;
  /** In memory only: handed to the acquirer and dropped. */
  cvc?: string;
  threeDSecure: ThreeDSecureStatus;
  external?: ExternalAuthenticationDetails;
  /** The transaction's authorization row when the caller has it (null: it has none); looked up otherwise. */
  authorization?: CardAuthorization | null;
}

export interface AttemptOutcome {
  kind: AuthorizationKind;
  /** Set for an approved pre-authorization: when its capture period ends (its release timer is enqueued). */
  capturableUntil: Date | null;
  /** The transaction's status event this attempt recorded. */
  event: TransactionEvent | null;
}

const STATUS_BY_KIND: Readonly<Record<AuthorizationKind, TransactionStatus>> = {
  approved: 'accepted',
  declined: 'declined',
  error: 'error',
  challenge_required: 'pending',
  // Taken, answered later (receive-authorization-outcome.ts): still running, with the acquirer.
  pending: 'processing',
  expired: 'expired',
};

/**
 * What an authorization's transaction status says the acquirer answered: for presenting an attempt that was
 * finished earlier (a retry after a lost answer) or by someone else (the completer).
 */
export function authorizationKindOf(status: TransactionStatus): AuthorizationKind {
  if (status === 'accepted' || status === 'captured' || status === 'completed') return 'approved';
  if (status === 'declined') return 'declined';
  if (status === 'pending') return 'challenge_required';
  if (status === 'processing') return 'pending';
  return status === 'expired' ? 'expired' : 'error';
}

/**
 * Sends one card transaction to the acquirer and records the answer: approved -> `accepted` (a pre-authorization
 * also `is_capturable`), declined -> `declined`, processor error -> `error`, challenge -> `pending` with the
 * `payment_url` of our challenge page, an answer to come later -> `processing`. The PAN is decrypted into a local variable for this call only.
 */
export async function authorizeCard(
  setting: AuthorizationSetting,
  attempt: CardAttempt,
): Promise<AttemptOutcome> {
  const { acquirer } = setting;
  const { transaction, card } = attempt;
  const details = transaction.paymentMethodDetails;
  const brand = card.brand as CardBrand | null;
  const cardholderName = text(details.cardholder_name) ?? card.cardholderName ?? undefined;
  const oneClickType = text(details.one_click_type) as 'first' | 'one-click' | null;

  const pan = openPan(setting.cipher, card);
  const result = await acquirer.authorize({
    transactionId: transaction.id,
    pan,
    expiry: card.expiry,
    brand,
    amount: transaction.amount,
    currency: transaction.currency,
    captureMode: transaction.captureMode,
    cvc: attempt.cvc,
    threeDSecure: attempt.threeDSecure,
    cardholderName,
    risk: riskDataOf(attempt.order.customer),
  });
  // The acquirer holds the money; our transaction has not committed (every caller authorizes inside it).
  await crashPoint('authorize.after-acquirer');
  let ani: AccountNameInquiryResult | null = null;
  if (
    isConcluded(result) &&
    shouldRunAccountNameInquiry({ amount: transaction.amount, brand, cardholderName, oneClickType })
  ) {
    ani = await acquirer.accountNameInquiry({
      pan,
      expiry: card.expiry,
      brand,
      cardholderName: cardholderName!,
    });
  }

  return recordAuthorizationAnswer(setting, attempt, result, ani);
}

/** Whether the acquirer decided: not a challenge to pass first, nor an answer still to come. */
function isConcluded(result: AuthorizationResult): boolean {
  return result.kind !== 'challenge_required' && result.kind !== 'pending';
}

/**
 * Records the acquirer's answer to an attempt: at once (authorizeCard), or later for an authorization it first
 * answered `pending` (receive-authorization-outcome.ts), through the same steps so both leave the same rows.
 */
export async function recordAuthorizationAnswer(
  setting: AuthorizationSetting,
  attempt: CardAttempt,
  result: AuthorizationResult,
  ani: AccountNameInquiryResult | null,
): Promise<AttemptOutcome> {
  const { at } = setting;
  const { transaction, card } = attempt;
  const details = transaction.paymentMethodDetails;
  const cardholderName = text(details.cardholder_name) ?? card.cardholderName ?? undefined;
  const oneClickType = text(details.one_click_type) as 'first' | 'one-click' | null;
  const concluded = isConcluded(result);
  const approved = result.kind === 'approved';
  const capturable = approved && transaction.captureMode === 'manual' && transaction.amount > 0;
  const capturableUntil = capturable ? addIsoDuration(at, setting.capturePeriod) : null;
  await recordAuthorization(setting, attempt, result, capturableUntil);
  if (capturableUntil) {
    await setting.scheduleRelease({ transactionId: transaction.id }, capturableUntil);
  }

  const publicDetails: JsonObject = {
    ...details,
    truncated_pan: card.truncatedPan,
    card_expiry: card.expiry,
  };
  if (cardholderName) publicDetails.cardholder_name = cardholderName;
  if (attempt.external) publicDetails.external_authentication_details = { ...attempt.external };
  if (ani) publicDetails.ani_results = toAniResultsPayload(ani);
  // Spec 2.4: the completed first one-click transaction exposes the token of the card it stored.
  if (approved && oneClickType === 'first') publicDetails.vault_token = card.id;

  transaction.paymentMethodBrand = card.brand;
  transaction.paymentMethodDetails = publicDetails;
  transaction.outcomes = processingOutcomes(result);
  transaction.reason = concluded ? result.reason : null;
  transaction.isCapturable = capturable;
  transaction.modifiedAt = at;
  if (result.kind === 'challenge_required') {
    transaction.paymentUrl = paymentPageUrl(setting.baseUrl, transaction.id);
  }

  const event = changeTransactionStatus(
    { orders: setting.orders, at, fees: setting.fees },
    attempt.order,
    attempt.transactions,
    transaction,
    STATUS_BY_KIND[result.kind],
  );
  return { kind: result.kind, capturableUntil, event };
}

/** The customer failed (or gave up) our 3-D Secure challenge: the payment is declined without an acquirer call. */
export function failChallenge(
  setting: Pick<AuthorizationSetting, 'orders' | 'at'>,
  attempt: Pick<CardAttempt, 'order' | 'transactions' | 'transaction'>,
  authorization: CardAuthorization,
): void {
  endChallengeUnauthorized(setting, attempt, authorization, {
    result: 'authentication_failed',
    status: 'declined',
    reason: 'authentication_failed',
  });
}

/**
 * A 3-D Secure challenge ends with nothing authorized (failed, or not answered in time): its authorization
 * records why, and its transaction moves to `status` through the state machine, its processing outcome and
 * reason saying so. No acquirer call. The caller holds the order's row lock and saves `orders`.
 */
export function endChallengeUnauthorized(
  setting: Pick<AuthorizationSetting, 'orders' | 'at'> & { source?: string },
  attempt: Pick<CardAttempt, 'order' | 'transactions' | 'transaction'>,
  authorization: CardAuthorization,
  ending: { result: CardAuthorization['result']; status: TransactionStatus; reason: string },
): void {
  const { transaction } = attempt;
  authorization.result = ending.result;
  authorization.modifiedAt = setting.at;
  const processing = (transaction.outcomes?.processing ?? {}) as JsonObject;
  transaction.outcomes = { processing: { ...processing, status: ending.status } };
  transaction.reason = ending.reason;
  transaction.modifiedAt = setting.at;
  changeTransactionStatus(
    { orders: setting.orders, at: setting.at, source: setting.source },
    attempt.order,
    attempt.transactions,
    transaction,
    ending.status,
  );
}

async function recordAuthorization(
  setting: AuthorizationSetting,
  attempt: CardAttempt,
  result: AuthorizationResult,
  capturableUntil: Date | null,
): Promise<void> {
  const { transaction, card } = attempt;
  const approved = result.kind === 'approved';
  const values: CardAuthorizationFacts = {
    vaultCardId: card.id,
    acquirer: setting.acquirer.name,
    threeDSecure: attempt.threeDSecure,
    result: result.kind as CardAuthorizationFacts['result'],
    authorizationCode: result.authorizationCode ?? null,
    authorizedAt: approved ? setting.at : null,
    capturableUntil,
    modifiedAt: setting.at,
  };
  // A challenged transaction comes back here once the challenge is passed: the row already exists.
  const existing =
    attempt.authorization === undefined
      ? await findAuthorizationOf(setting, transaction.id)
      : attempt.authorization;
  if (existing) {
    Object.assign(existing, values);
    return;
  }
  setting.payments.add(CardAuthorization.create(transaction, values, setting.at));
}

/** The authorization of an attempt that did not name it (a change set reads nothing: its attempts name theirs). */
function findAuthorizationOf(setting: AuthorizationSetting, transactionId: string) {
  if (!setting.payments.findAuthorization)
    throw new Error('this attempt must name its authorization (or null)');
  return setting.payments.findAuthorization(transactionId);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
