import type { DomainError } from '../../platform/errors/domain-error.ts';
import { notFound } from '../../platform/errors/domain-error.ts';
import { commonError, type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';
import type { ErrorContract } from '../../platform/http/route-contract.ts';
import { paymentErrors } from '../payments/index.ts';
import { WALLET_TOKEN_ERRORS, type WalletTokenError, type WalletTokenErrorCode } from './crypto/index.ts';

/** Refusals of the wallet endpoints (the README section Wallets A and B lists them). Messages never carry card data. */

/**
 * The wallets' codes with their kinds: the payment token's refusals (crypto/errors.ts) and the endpoints' own.
 * These errors and the REST contracts' error lists (rest/wallet-contracts.ts) are built from here.
 */
export const WALLET_ERRORS = {
  ...WALLET_TOKEN_ERRORS,
  wallet_a_not_configured: 'unprocessable',
  wallet_b_not_configured: 'unprocessable',
  payment_method_not_active: 'forbidden',
  payment_method_mismatch: 'conflict',
  test_environment_not_allowed: 'forbidden',
  invalid_validation_url: 'invalid_request',
  merchant_validation_failed: 'unprocessable',
} as const satisfies ErrorTable;

const walletErrors = errorsOf(WALLET_ERRORS);
const { error } = walletErrors;

/** A REST contract's entry for one of the wallet codes: `walletErrorEntries.wallet_a_not_configured(when)`. */
export const walletErrorEntries = walletErrors.entries;

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
export const TOKEN_REFUSALS: readonly ErrorContract[] = (
  Object.keys(WALLET_TOKEN_ERRORS) as WalletTokenErrorCode[]
).map((code) => walletErrors.entry(code, TOKEN_REFUSAL_WHEN[code]));

export function refusedToken(refused: WalletTokenError): DomainError {
  return error(refused.code, `The payment token was refused: ${refused.message}`);
}

export const cardNumberInvalid = () =>
  error(
    walletErrors.code.malformed_payment_data,
    'The payment token was refused: its card number fails the check digit',
  );

export const walletNotConfigured = (wallet: 'wallet_a' | 'wallet_b', what: string) =>
  error(
    `${wallet}_not_configured`,
    `${wallet === 'wallet_a' ? 'Wallet A' : 'Wallet B'} is not configured on this server: ${what}`,
  );

export const paymentMethodNotActive = (method: string) =>
  error('payment_method_not_active', `'${method}' is not active in this project`);

export const wrongPaymentMethod = (field: string, expected: string, actual: string) =>
  error('payment_method_mismatch', `${field}: belongs to a ${actual} transaction, not ${expected}`, field);

export const testEnvironmentOnly = () =>
  error(
    'test_environment_not_allowed',
    'The test token service is for test projects only; live projects use /tokens/',
  );

export const invalidValidationUrl = (problem: string) =>
  error('invalid_validation_url', `validationUrl: ${problem}`, 'validationUrl');

export const merchantIdentifierMismatch = () =>
  commonError(
    'invalid_request',
    'merchantIdentifier: must be the project id without hyphens',
    'merchantIdentifier',
  );

export const merchantValidationFailed = (why: string) =>
  error('merchant_validation_failed', `The wallet provider did not start a merchant session: ${why}`);

export const walletTransactionNotFound = () => notFound('Transaction', 'transaction_id');

export const walletPaymentNotPayable = (why: string) =>
  paymentErrors.error(paymentErrors.code.transaction_not_payable, `The transaction cannot be paid: ${why}`);
