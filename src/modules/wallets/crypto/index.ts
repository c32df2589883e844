/**
 * Pure cryptography of the two wallet payment-token formats (no database, no HTTP):
 * wallet A `EC_v1` / `RSA_v1` tokens and wallet B `ECv2` tokens.
 */
export {
  isWalletTokenError,
  tokenCode,
  WALLET_TOKEN_ERRORS,
  WalletTokenError,
  type WalletTokenErrorCode,
} from './errors.ts';
export type { WalletACard, WalletAPaymentData } from './wallet-a-payment-data.ts';
export {
  DEFAULT_MAX_SIGNING_AGE_MS,
  type OpenWalletATokenOptions,
  openWalletAToken,
  parseWalletAToken,
  WALLET_A_INTERMEDIATE_MARKER_OID,
  WALLET_A_LEAF_MARKER_OID,
  WALLET_A_MERCHANT_ID_OID,
  type WalletAMerchantKey,
  type WalletAToken,
  type WalletATokenHeader,
  walletAPublicKeyHash,
} from './wallet-a-token.ts';
export {
  decryptWalletBSignedMessage,
  type WalletBCard,
  type WalletBDecryptionOptions,
  type WalletBPaymentData,
} from './wallet-b-decrypt.ts';
export {
  parseWalletBRootSigningKeys,
  type VerifiedWalletBIntermediateKey,
  verifyWalletBIntermediateSigningKey,
  verifyWalletBMessageSignature,
  WALLET_B_PROTOCOL_VERSION,
  WALLET_B_SENDER_ID,
  type WalletBIntermediateVerificationOptions,
  type WalletBRootSigningKey,
  walletBSignedBytes,
} from './wallet-b-signing.ts';
export {
  type OpenWalletBTokenOptions,
  openWalletBToken,
  parseWalletBToken,
  type WalletBToken,
} from './wallet-b-token.ts';
