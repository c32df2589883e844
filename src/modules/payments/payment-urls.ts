/** Methods whose payment ends in a card authorization, so may need the 3-D Secure challenge page. */
export const CARD_PAYMENT_METHODS: readonly string[] = ['credit-card', 'wallet-a-pay', 'wallet-b-pay'];
