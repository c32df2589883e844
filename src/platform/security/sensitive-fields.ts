/**
 * Field names that carry card data or secrets. The logger redacts them and the idempotency fingerprint masks
 * them before hashing; one list so the two never drift apart.
 */
export const SENSITIVE_FIELDS: readonly string[] = [
  'pan',
  'cvc',
  'cvv',
  'card_number',
  'cardNumber',
  'password',
  'apiKey',
  'api_key',
  'applicationPrimaryAccountNumber',
  'onlinePaymentCryptogram',
  'cryptogram',
  'privateKey',
];
