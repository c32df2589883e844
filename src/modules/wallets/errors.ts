import { DomainError, type DomainErrorKind } from '../../platform/errors/domain-error.ts';
import { HTTP_STATUS_BY_KIND } from '../../platform/errors/http-status.ts';
import type { ErrorContract } from '../../platform/http/route-contract.ts';
import type { WalletTokenError, WalletTokenErrorCode } from './crypto/index.ts';

/** Refusals of the wallet endpoints (the README section Wallets A and B lists them). Messages never carry card data. */

/**
 * A token that cannot be read at all is a bad request; one that reads but fails a check (signature, chain,
 * time, decryption, payload) is well-formed yet unacceptable. The REST `type` is the stable token error code.
 */
const KIND_BY_TOKEN_ERROR: Readonly<Record<WalletTokenErrorCode, DomainErrorKind>> = {
  malformed_token: 'invalid_request',
  unsupported_version: 'invalid_request',
  unknown_public_key_hash: 'unprocessable',
  signature_invalid: 'unprocessable',
  certificate_chain_invalid: 'unprocessable',
  signing_time_out_of_range: 'unprocessable',
  signing_key_expired: 'unprocessable',
  message_expired: 'unprocessable',
  decryption_failed: 'unprocessable',
  malformed_payment_data: 'unprocessable',
};

const TOKEN_REFUSAL_WHEN: Readonly<Record<WalletTokenErrorCode, string>> = {
  malformed_token: 'The token is not shaped like its format',
  unsupported_version: 'The token format version is not one this server opens',
  unknown_public_key_hash: "Wallet A: `header.publicKeyHash` matches none of the merchant's certificates",
  signature_invalid: 'A signature does not verify (tampered data, wrong recipient or key)',
  certificate_chain_invalid: 'Wallet A: the signing certificates do not chain to the configured root',
  signing_time_out_of_range: 'Wallet A: the signing time is too far from now',
  signing_key_expired: 'Wallet B: the signing key has expired',
  message_expired: 'Wallet B: the message is past its expiration',
  decryption_failed: 'The payload cannot be decrypted with any configured key',
  malformed_payment_data: 'The decrypted payload lacks what the payment needs, or its card number is invalid',
};

/** Every refusal of a payment token, as the token calls' REST contracts document them. */
export const TOKEN_REFUSALS: readonly ErrorContract[] = Object.entries(KIND_BY_TOKEN_ERROR).map(
  ([code, kind]) => ({
    status: HTTP_STATUS_BY_KIND[kind],
    type: code,
    when: TOKEN_REFUSAL_WHEN[code as WalletTokenErrorCode],
  }),
);

export function refusedToken(error: WalletTokenError): DomainError {
  return new DomainError(
    KIND_BY_TOKEN_ERROR[error.code],
    error.code,
    `The payment token was refused: ${error.message}`,
  );
}

export const cardNumberInvalid = () =>
  new DomainError(
    'unprocessable',
    'malformed_payment_data',
    'The payment token was refused: its card number fails the check digit',
  );

export const walletNotConfigured = (wallet: 'wallet_a' | 'wallet_b', what: string) =>
  new DomainError(
    'unprocessable',
    `${wallet}_not_configured`,
    `${wallet === 'wallet_a' ? 'Wallet A' : 'Wallet B'} is not configured on this server: ${what}`,
  );

export const paymentMethodNotActive = (method: string) =>
  new DomainError('forbidden', 'payment_method_not_active', `'${method}' is not active in this project`);

export const wrongPaymentMethod = (field: string, expected: string, actual: string) =>
  new DomainError(
    'conflict',
    'payment_method_mismatch',
    `${field}: belongs to a ${actual} transaction, not ${expected}`,
    field,
  );

export const testEnvironmentOnly = () =>
  new DomainError(
    'forbidden',
    'test_environment_not_allowed',
    'The test token service is for test projects only; live projects use /tokens/',
  );

export const invalidValidationUrl = (problem: string) =>
  new DomainError('invalid_request', 'invalid_validation_url', `validationUrl: ${problem}`, 'validationUrl');

export const merchantIdentifierMismatch = () =>
  new DomainError(
    'invalid_request',
    'invalid_request',
    'merchantIdentifier: must be the project id without hyphens',
    'merchantIdentifier',
  );

export const merchantValidationFailed = (why: string) =>
  new DomainError(
    'unprocessable',
    'merchant_validation_failed',
    `The wallet provider did not start a merchant session: ${why}`,
  );

export const walletTransactionNotFound = () =>
  new DomainError('not_found', 'not_found', 'Transaction not found', 'transaction_id');

export const walletPaymentNotPayable = (why: string) =>
  new DomainError('conflict', 'transaction_not_payable', `The transaction cannot be paid: ${why}`);
