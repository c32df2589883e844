import type { OrderOwner, PaymentMethodCatalog } from '../payment-methods.ts';

export interface ProjectCurrencies {
  payment_methods: Record<string, { currencies: string[] }>;
}

/**
 * `GET /v1/merchants/self/projects/self/currencies`: each method active in the caller's project (only those, in
 * the registry's order) with the currencies it pays in, in the real service's shape. The shop plugins cache it
 * to decide which methods to offer at checkout.
 */
export function listProjectCurrencies(
  catalog: PaymentMethodCatalog,
  actor: Pick<OrderOwner, 'paymentMethods'>,
): ProjectCurrencies {
  const payment_methods: ProjectCurrencies['payment_methods'] = {};
  for (const method of catalog.ids) {
    if (actor.paymentMethods.includes(method)) {
      payment_methods[method] = { currencies: [...catalog.currenciesOf(method)] };
    }
  }
  return { payment_methods };
}
