import { DomainError } from '../../platform/errors/domain-error.ts';

/**
 * Refusals of the card payment endpoints (the README section Card payments lists them). A business decline is not among them:
 * it is an answered payment, returned as the order with a `declined` transaction.
 */

export const transactionNotFound = () =>
  new DomainError('not_found', 'not_found', 'Transaction not found', 'transaction_id');

export const vaultTokenNotFound = (field = 'vault_token') =>
  new DomainError('not_found', 'not_found', 'Vault token not found', field);

export const firstTransactionNotFound = (field = 'first_transaction_id') =>
  new DomainError('not_found', 'not_found', 'First transaction not found', field);

export const transactionNotPayable = (why: string) =>
  new DomainError('conflict', 'transaction_not_payable', `The transaction cannot be authenticated: ${why}`);

export const cardNotStored = () =>
  new DomainError(
    'conflict',
    'card_not_stored',
    'No card is stored for this transaction: store one with its setup_token, or send a vault_token',
    'vault_token',
  );

export const firstTransactionNotCompleted = (field = 'first_transaction_id') =>
  new DomainError(
    'conflict',
    'first_transaction_not_completed',
    `${field}: is not a completed first one-click transaction, so it stored no usable card`,
    field,
  );

export const notAPreAuthorization = () =>
  new DomainError(
    'conflict',
    'not_a_pre_authorization',
    'Only a card transaction created with capture_mode "manual" can be captured or voided',
  );

export const alreadyCaptured = () =>
  new DomainError('conflict', 'already_captured', 'The pre-authorization has already been captured');

export const alreadyVoided = () =>
  new DomainError('conflict', 'already_voided', 'The pre-authorization has already been voided');

export const notAuthorized = () =>
  new DomainError(
    'conflict',
    'not_capturable',
    'The transaction holds no authorized amount that can be captured or voided',
  );

export const authorizationExpired = () =>
  new DomainError(
    'conflict',
    'authorization_expired',
    'The capture period of this pre-authorization has ended and the amount was released',
  );

export const acquirerNotConfigured = () =>
  new DomainError(
    'unprocessable',
    'acquirer_not_configured',
    'Card payments of live projects need an acquirer connection, and none is configured; use a test project',
  );

export const authorizationNotPending = (status: string) =>
  new DomainError(
    'conflict',
    'authorization_not_pending',
    `The transaction is not waiting for the acquirer's answer: it is already ${status}`,
  );
