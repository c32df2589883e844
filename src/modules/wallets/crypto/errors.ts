import { type ErrorTable, errorsOf } from '../../../platform/errors/error-table.ts';

/**
 * Why a wallet payment token was refused, each code with its kind: a token that cannot be read at all is a bad
 * request; one that reads but fails a check (signature, chain, time, decryption, payload) is well-formed yet
 * unacceptable. The codes are stable and safe to return to API callers (the REST `type`); the messages are for
 * logs and never contain card data (no PAN, no cryptogram, no decrypted text).
 */
export const WALLET_TOKEN_ERRORS = {
  /** The token is not shaped like the format (missing field, bad Base64/hex/JSON, bad ASN.1). */
  malformed_token: 'invalid_request',
  /** `version` / `protocolVersion` is not one this code can open. */
  unsupported_version: 'invalid_request',
  /** Wallet A: `header.publicKeyHash` matches none of the configured merchant certificates. */
  unknown_public_key_hash: 'unprocessable',
  /** A signature or message digest does not verify (tampered data, wrong recipient, wrong key). */
  signature_invalid: 'unprocessable',
  /** Wallet A: the signing certificates are not a valid chain to the configured root. */
  certificate_chain_invalid: 'unprocessable',
  /** Wallet A: the CMS signing time is too far from the injected clock. */
  signing_time_out_of_range: 'unprocessable',
  /** Wallet B: the intermediate signing key (or every usable root key) has expired. */
  signing_key_expired: 'unprocessable',
  /** Wallet B: the decrypted message is past its `messageExpiration`. */
  message_expired: 'unprocessable',
  /** The payload could not be decrypted or authenticated with any configured private key. */
  decryption_failed: 'unprocessable',
  /** The decrypted payload lacks a field the payment needs, or has one in an unexpected form. */
  malformed_payment_data: 'unprocessable',
} as const satisfies ErrorTable;

export type WalletTokenErrorCode = keyof typeof WALLET_TOKEN_ERRORS;

/** The codes by name, where a token is refused: `new WalletTokenError(tokenCode.signature_invalid, …)`. */
export const tokenCode = errorsOf(WALLET_TOKEN_ERRORS).code;

export class WalletTokenError extends Error {
  readonly code: WalletTokenErrorCode;

  constructor(code: WalletTokenErrorCode, message: string) {
    super(message);
    this.name = 'WalletTokenError';
    this.code = code;
  }
}

export function isWalletTokenError(error: unknown): error is WalletTokenError {
  return error instanceof WalletTokenError;
}
