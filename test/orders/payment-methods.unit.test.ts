import { readFileSync } from 'node:fs';
import { type EnumTypeDefinitionNode, Kind, parse } from 'graphql';
import { PaymentMethodRegistry } from '../../src/modules/orders/payment-methods.ts';
import { REFUND_PAYMENT_METHOD } from '../../src/modules/orders/transaction.entity.ts';
import { toGraphQLEnum } from '../../src/platform/graphql/enums.ts';
import { paymentMethods } from '../../src/services.ts';

/** The values of the SDL's `enum PaymentMethod`, the GraphQL face of the registry. */
function sdlPaymentMethods(): string[] {
  const document = parse(readFileSync('schema/orders/order.graphql', 'utf8'));
  const paymentMethod = document.definitions.find(
    (definition): definition is EnumTypeDefinitionNode =>
      definition.kind === Kind.ENUM_TYPE_DEFINITION && definition.name.value === 'PaymentMethod',
  );
  return (paymentMethod?.values ?? []).map((value) => value.name.value);
}

describe('the payment-method registry', () => {
  it('is what the SDL enum PaymentMethod lists, besides the refund methods merchants never choose', () => {
    expect(sdlPaymentMethods().sort()).toEqual(
      [...paymentMethods.ids, ...paymentMethods.refundMethods].map((id) => toGraphQLEnum<string>(id)).sort(),
    );
    expect(paymentMethods.refundMethods).toEqual([REFUND_PAYMENT_METHOD, 'ideal-refund']);
  });

  it('registers credit-card and both wallets, each issuing a setup token and paying through a card', () => {
    expect(paymentMethods.ids).toEqual(['credit-card', 'wallet-a-pay', 'wallet-b-pay', 'ideal']);
    for (const id of ['credit-card', 'wallet-a-pay', 'wallet-b-pay']) {
      expect(paymentMethods.issuesSetupToken(id)).toBe(true);
      expect(paymentMethods.authorizesCard(id)).toBe(true);
      expect(paymentMethods.refundMethodOf(id)).toBe(REFUND_PAYMENT_METHOD);
      expect(paymentMethods.redirectOf(id)).toBeNull();
      expect(paymentMethods.acceptsCurrency(id, 'JPY')).toBe(true);
    }
    expect(paymentMethods.issuesSetupToken(REFUND_PAYMENT_METHOD)).toBe(false);
  });

  it('registers ideal: a bank redirect in test projects, EUR only, refunded as ideal-refund, no card', () => {
    expect(paymentMethods.issuesSetupToken('ideal')).toBe(false);
    expect(paymentMethods.authorizesCard('ideal')).toBe(false);
    expect(paymentMethods.currenciesOf('ideal')).toEqual(['EUR']);
    expect(paymentMethods.acceptsCurrency('ideal', 'USD')).toBe(false);
    expect(paymentMethods.refundMethodOf('ideal')).toBe('ideal-refund');
    const redirect = paymentMethods.redirectOf('ideal');
    expect(redirect?.modes).toEqual(['test']);
    expect(redirect?.pageUrl('https://pay.example', 'abc')).toBe('https://pay.example/ideal/bank/abc/');
  });

  it('lets a method pay in every currency the runtime knows unless it names its own', () => {
    const registry = new PaymentMethodRegistry([
      { id: 'credit-card', issuesSetupToken: true, authorizesCard: true },
      { id: 'bank-x', issuesSetupToken: false, authorizesCard: false, currencies: ['SEK', 'DKK'] },
    ]);
    expect(registry.currenciesOf('bank-x')).toEqual(['DKK', 'SEK']);
    expect(registry.currenciesOf('credit-card')).toContain('EUR');
    expect(registry.currenciesOf('credit-card').length).toBeGreaterThan(100);
    expect(registry.currenciesOf('unknown')).toEqual([]);
  });

  it('accepts exactly the registered methods in a create-order body, naming them when refusing one', () => {
    const registry = new PaymentMethodRegistry([
      { id: 'credit-card', issuesSetupToken: true, authorizesCard: true },
      { id: 'ideal', issuesSetupToken: false, authorizesCard: false },
    ]);
    const order = (method: string) => ({
      amount: 100,
      currency: 'EUR',
      payment_methods: [method],
      transactions: [{ payment_method: method }],
    });
    expect(registry.orderInput.safeParse(order('ideal')).success).toBe(true);
    const refused = registry.orderInput.safeParse(order('wallet-a-pay'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(
      'must be one of credit-card, ideal',
    );
  });

  it('refuses to register no method, or one method twice', () => {
    expect(() => new PaymentMethodRegistry([])).toThrow('at least one');
    const card = { id: 'credit-card', issuesSetupToken: true, authorizesCard: true };
    expect(() => new PaymentMethodRegistry([card, card])).toThrow('twice');
  });
});
