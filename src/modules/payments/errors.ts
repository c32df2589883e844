import { notFound } from '../../platform/errors/domain-error.ts';
import { type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';
import { orderErrors } from '../orders/index.ts';

/**
 * Refusals of the card payment endpoints (the README section Card payments lists them). A business decline is not among them:
 * it is an answered payment, returned as the order with a `declined` transaction.
 *
 * The codes with their kinds: these errors and the REST contracts' error lists (rest/payment-contracts.ts) are
 * built from here. The card handler's refusals at an order's creation (`acquirer_not_configured`,
 * `first_transaction_not_completed`) are in the orders module's table, whose create contract lists them.
 */
export const PAYMENT_ERRORS = {
  transaction_not_payable: 'conflict',
  card_not_stored: 'conflict',
  not_a_pre_authorization: 'conflict',
  already_captured: 'conflict',
  already_voided: 'conflict',
  not_capturable: 'conflict',
  authorization_expired: 'conflict',
  authorization_not_pending: 'conflict',
} as const satisfies ErrorTable;

export const paymentErrors = errorsOf(PAYMENT_ERRORS);
const { error } = paymentErrors;

/** A REST contract's entry for one of the payment codes: `paymentErrorEntries.already_captured(when)`. */
export const paymentErrorEntries = paymentErrors.entries;

export const transactionNotFound = () => notFound('Transaction', 'transaction_id');

export const vaultTokenNotFound = (field = 'vault_token') => notFound('Vault token', field);

export const firstTransactionNotFound = (field = 'first_transaction_id') =>
  notFound('First transaction', field);

export const transactionNotPayable = (why: string) =>
  error('transaction_not_payable', `The transaction cannot be authenticated: ${why}`);

export const cardNotStored = () =>
  error(
    'card_not_stored',
    'No card is stored for this transaction: store one with its setup_token, or send a vault_token',
    'vault_token',
  );

export const firstTransactionNotCompleted = (field = 'first_transaction_id') =>
  orderErrors.error(
    orderErrors.code.first_transaction_not_completed,
    `${field}: is not a completed first one-click transaction, so it stored no usable card`,
    field,
  );

export const notAPreAuthorization = () =>
  error(
    'not_a_pre_authorization',
    'Only a card transaction created with capture_mode "manual" can be captured or voided',
  );

export const alreadyCaptured = () =>
  error('already_captured', 'The pre-authorization has already been captured');

export const alreadyVoided = () => error('already_voided', 'The pre-authorization has already been voided');

export const notAuthorized = () =>
  error('not_capturable', 'The transaction holds no authorized amount that can be captured or voided');

export const authorizationExpired = () =>
  error(
    'authorization_expired',
    'The capture period of this pre-authorization has ended and the amount was released',
  );

export const acquirerNotConfigured = () =>
  orderErrors.error(
    orderErrors.code.acquirer_not_configured,
    'Card payments of live projects need an acquirer connection, and none is configured; use a test project',
  );

export const authorizationNotPending = (status: string) =>
  error(
    'authorization_not_pending',
    `The transaction is not waiting for the acquirer's answer: it is already ${status}`,
  );
