/**
 * Why a wallet payment token was refused. The codes are stable and safe to return to API callers;
 * the messages are for logs and never contain card data (no PAN, no cryptogram, no decrypted text).
 */
export type WalletTokenErrorCode =
  /** The token is not shaped like the format (missing field, bad Base64/hex/JSON, bad ASN.1). */
  | 'malformed_token'
  /** `version` / `protocolVersion` is not one this code can open. */
  | 'unsupported_version'
  /** Wallet A: `header.publicKeyHash` matches none of the configured merchant certificates. */
  | 'unknown_public_key_hash'
  /** A signature or message digest does not verify (tampered data, wrong recipient, wrong key). */
  | 'signature_invalid'
  /** Wallet A: the signing certificates are not a valid chain to the configured root. */
  | 'certificate_chain_invalid'
  /** Wallet A: the CMS signing time is too far from the injected clock. */
  | 'signing_time_out_of_range'
  /** Wallet B: the intermediate signing key (or every usable root key) has expired. */
  | 'signing_key_expired'
  /** Wallet B: the decrypted message is past its `messageExpiration`. */
  | 'message_expired'
  /** The payload could not be decrypted or authenticated with any configured private key. */
  | 'decryption_failed'
  /** The decrypted payload lacks a field the payment needs, or has one in an unexpected form. */
  | 'malformed_payment_data';

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
