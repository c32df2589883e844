import { isPlainObject } from './encoding.ts';
import { tokenCode, WalletTokenError } from './errors.ts';

/** The decrypted wallet A payment data, as the wallet sends it (only the fields this code relies on are typed). */
export interface WalletAPaymentData {
  readonly applicationPrimaryAccountNumber: string;
  /** YYMMDD. */
  readonly applicationExpirationDate: string;
  /** ISO 4217 numeric, e.g. "840". */
  readonly currencyCode: string;
  /** Minor units. */
  readonly transactionAmount: number;
  readonly deviceManufacturerIdentifier?: string;
  readonly paymentDataType: string;
  readonly paymentData: { readonly onlinePaymentCryptogram?: string; readonly eciIndicator?: string };
  readonly [field: string]: unknown;
}

/** What the gateway needs from a decrypted wallet A token. Holds card data: never log it. */
export interface WalletACard {
  readonly pan: string;
  /** MMYYYY. */
  readonly expiry: string;
  readonly cryptogram: string;
  /** Empty when the network sends none (some networks omit it). */
  readonly eciIndicator: string;
  readonly currencyCode: string;
  /** Minor units. */
  readonly transactionAmount: number;
  readonly paymentDataType: '3DSecure';
  readonly raw: WalletAPaymentData;
}

const invalid = (field: string) =>
  new WalletTokenError(tokenCode.malformed_payment_data, `The decrypted payment data has no valid ${field}`);

/**
 * Reads the decrypted plaintext. The JSON parser's own error is dropped on purpose: its message can quote
 * the plaintext, which holds the PAN.
 */
export function readWalletAPaymentData(plaintext: Buffer): WalletACard {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext.toString('utf8'));
  } catch {
    throw new WalletTokenError(tokenCode.malformed_payment_data, 'The decrypted payment data is not JSON');
  }
  if (!isPlainObject(parsed)) throw invalid('object');

  const pan = parsed.applicationPrimaryAccountNumber;
  if (typeof pan !== 'string' || !/^\d{12,19}$/.test(pan)) throw invalid('applicationPrimaryAccountNumber');
  const expiration = parsed.applicationExpirationDate;
  const expirationMatch = typeof expiration === 'string' ? /^(\d{2})(\d{2})\d{2}$/.exec(expiration) : null;
  if (!expirationMatch || Number(expirationMatch[2]) < 1 || Number(expirationMatch[2]) > 12) {
    throw invalid('applicationExpirationDate');
  }
  const currencyCode = parsed.currencyCode;
  if (typeof currencyCode !== 'string' || !/^\d{3}$/.test(currencyCode)) throw invalid('currencyCode');
  const transactionAmount = parsed.transactionAmount;
  if (
    typeof transactionAmount !== 'number' ||
    !Number.isSafeInteger(transactionAmount) ||
    transactionAmount < 0
  ) {
    throw invalid('transactionAmount');
  }
  if (parsed.paymentDataType !== '3DSecure') {
    // EMV payment data (a different, network-specific payload) is not processed by this gateway.
    throw new WalletTokenError(
      tokenCode.malformed_payment_data,
      'Only the 3DSecure payment data type is supported',
    );
  }
  const paymentData = parsed.paymentData;
  if (!isPlainObject(paymentData)) throw invalid('paymentData');
  const cryptogram = paymentData.onlinePaymentCryptogram;
  if (typeof cryptogram !== 'string' || cryptogram.length === 0) throw invalid('onlinePaymentCryptogram');
  const eciIndicator = paymentData.eciIndicator ?? '';
  if (typeof eciIndicator !== 'string') throw invalid('eciIndicator');

  return {
    pan,
    expiry: `${expirationMatch[2]}20${expirationMatch[1]}`,
    cryptogram,
    eciIndicator,
    currencyCode,
    transactionAmount,
    paymentDataType: '3DSecure',
    raw: parsed as WalletAPaymentData,
  };
}
