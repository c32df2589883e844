/** A valid create-order body (spec 4.1); override any field. */
export function buildOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    merchant_order_id: `order-${Math.random().toString(36).slice(2, 10)}`,
    amount: 995,
    currency: 'EUR',
    description: 'Two tickets',
    return_url: 'https://shop.example/return',
    ...overrides,
  };
}

/** An own-checkout order body: exactly one transaction with the given method. */
export function buildOwnCheckoutOrder(
  paymentMethod = 'credit-card',
  overrides: Record<string, unknown> = {},
  transaction: Record<string, unknown> = {},
): Record<string, unknown> {
  return buildOrder({ transactions: [{ payment_method: paymentMethod, ...transaction }], ...overrides });
}
