/** The card payment method's `payment_method` value (its handler: card-payment-method.ts). */
export const CREDIT_CARD = 'credit-card';
