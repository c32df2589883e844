import type { CardBrand } from '../../vault/index.ts';
import type { RiskData } from './risk-data.ts';

/**
 * The seam between the gateway and whoever moves the money. The test projects use the deterministic simulator
 * (simulator.ts); a real acquirer connection implements the same interface. Every method is asynchronous
 * because real acquirers are remote calls.
 *
 * A request carries the decrypted PAN and the CVC: keep such objects in memory only, never log or persist them.
 */

/** `automatic` authorizes and captures at once; `manual` only authorizes (a pre-authorization to capture later). */
export type CaptureMode = 'automatic' | 'manual';

/**
 * Whether the cardholder was already authenticated with 3-D Secure before this authorization:
 * `none` (not yet), `external` (the merchant's own 3-D Secure provider, spec 4.13) or `challenge_passed`
 * (our challenge was completed successfully).
 */
export type ThreeDSecureStatus = 'none' | 'external' | 'challenge_passed';

export interface AuthorizationRequest {
  /** Our transaction id; the acquirer's reference for follow-up operations. */
  transactionId: string;
  /** Decrypted card number: in memory only. */
  pan: string;
  /** `MMYYYY`. */
  expiry: string;
  brand: CardBrand | null;
  /** Minor units. 0 is a card verification (no money is reserved). */
  amount: number;
  currency: string;
  captureMode: CaptureMode;
  /** In memory only; absent for recurring payments. */
  cvc?: string;
  threeDSecure: ThreeDSecureStatus;
  cardholderName?: string;
  /** The customer as risk screening sees it: only what the order's customer holds that is valid (risk-data.ts). */
  risk?: RiskData;
}

/**
 * Stable machine reasons, independent of any acquirer's response code scheme. `none` means success (spec 7.7).
 */
export type AcquirerReason =
  | 'none'
  | 'do_not_honour'
  | 'insufficient_funds'
  | 'processor_error'
  | 'authentication_required'
  | 'invalid_card_number'
  | 'expired_card';

/**
 * `pending`: the acquirer took the authorization but answers later (an issuer that decides asynchronously, a
 * risk review); its outcome arrives through the inbound path as an `AuthorizationOutcomeNotice`. `expired` is
 * only ever such a late outcome: the acquirer gave up waiting for the issuer, no money was reserved.
 */
export type AuthorizationKind =
  | 'approved'
  | 'declined'
  | 'error'
  | 'challenge_required'
  | 'pending'
  | 'expired';

export interface AuthorizationResult {
  kind: AuthorizationKind;
  /** For `outcomes.processing.response_code`, e.g. `00`. */
  responseCode: string;
  /** For `outcomes.processing.response_code_description`, e.g. `Approved`. */
  responseCodeDescription: string;
  reason: AcquirerReason;
  /** Issuer's approval code; present on `approved` only. */
  authorizationCode?: string;
}

/** Capture, void or refund of an earlier authorization. */
export interface FollowUpRequest {
  /** Our id of the capture, void or refund transaction. */
  transactionId: string;
  /** Our id of the authorized transaction it acts on. */
  originalTransactionId: string;
  authorizationCode?: string;
  /** Minor units: > 0 for capture and refund; a void covers what no capture took (0 for a verification). */
  amount: number;
  currency: string;
  /** On a capture: whether it is the last one, so the acquirer releases what it leaves of the authorization. */
  final?: boolean;
}

export interface OperationResult {
  kind: 'approved' | 'declined' | 'error';
  responseCode: string;
  responseCodeDescription: string;
  reason: AcquirerReason;
}

export interface AccountNameInquiryRequest {
  /** Decrypted card number: in memory only. */
  pan: string;
  expiry: string;
  brand: CardBrand | null;
  /** The name the customer entered. */
  cardholderName: string;
}

/** Codes of spec 2.5. */
export type AniStatus = '00' | '01' | '02';
export type AniMatch = '01' | '50' | '99';

export interface AccountNameInquiryResult {
  status: AniStatus;
  statusDescription: string;
  /** Present when the inquiry was performed (status `00`). */
  match?: AniMatch;
  matchDescription?: string;
}

/**
 * What an acquirer tells the gateway on its own, after the fact (its inbound notification path): a cardholder
 * disputed a payment (`chargeback`, naming our id of the paid transaction and the scheme's reason code), or the
 * merchant won the dispute (`reversal`, naming our id of the chargeback's transaction). A connection receiving
 * them hands each to `receiveAcquirerNotification` (back-office); test projects simulate them through
 * `POST /v1/test/orders/{id}/chargebacks/` and `.../reversals/`.
 */
export type AcquirerNotification =
  | { kind: 'chargeback'; transactionId: string; amount: number; currency: string; reasonCode: string }
  | { kind: 'reversal'; chargebackTransactionId: string; amount: number; currency: string };

/**
 * The acquirer's late answer to an authorization it first answered `pending` (inbound notification path). A
 * connection receiving one hands it to `receiveAuthorizationOutcome` (payments); test projects simulate it
 * through `POST /v1/test/orders/{order_id}/transactions/{transaction_id}/outcome/`.
 */
export interface AuthorizationOutcomeNotice {
  /** Our id of the pending transaction. */
  transactionId: string;
  result: AuthorizationResult & { kind: 'approved' | 'declined' | 'error' | 'expired' };
}

/**
 * **The idempotency contract** every acquirer connection must keep (docs/reference/reliability.md): the
 * `transactionId` of each request is our id of the operation (the authorization's, capture's, void's or
 * refund's transaction) and is the acquirer's idempotency reference. A repeated call with the same reference
 * and operation answers the first call's outcome and has no second effect (no second hold, capture, release or
 * refund), however much later it comes and whichever gateway process sends it. The gateway relies on it to
 * finish what a killed process or a lost answer left: a retry, or the completer, calls again with the same id.
 * An authorization is keyed by its reference and its 3-D Secure status (a challenge passed is a new attempt).
 * A connection to an acquirer without such references must keep its own record of sent references in durable
 * storage before calling out, and answer a repeat from it.
 */
export interface Acquirer {
  /** Short name for logs and diagnostics, e.g. `simulator`. */
  readonly name: string;
  authorize(request: AuthorizationRequest): Promise<AuthorizationResult>;
  capture(request: FollowUpRequest): Promise<OperationResult>;
  void(request: FollowUpRequest): Promise<OperationResult>;
  refund(request: FollowUpRequest): Promise<OperationResult>;
  accountNameInquiry(request: AccountNameInquiryRequest): Promise<AccountNameInquiryResult>;
}
