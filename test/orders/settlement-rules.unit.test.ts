import { feeRulesFor } from '../../src/config/fees.ts';
import { parseConfig } from '../../src/config/index.ts';
import { feeOf, settlementOf } from '../../src/modules/orders/settlement-rules.ts';

const rules = [
  { paymentMethod: 'credit-card', brand: 'visa', fixed: 25, basisPoints: 140 },
  { paymentMethod: 'credit-card', brand: null, fixed: 10, basisPoints: 200 },
];
const card = (amount: number, extra: Record<string, unknown> = {}) => ({
  amount,
  paymentMethod: 'credit-card',
  paymentMethodBrand: 'visa',
  captureMode: 'automatic',
  ...extra,
});

describe('settlement rules', () => {
  it('settles a sale when it is accepted, with fixed plus percentage', () => {
    expect(settlementOf('payment', card(1000), 'accepted', rules)).toEqual({ amount: 1000, fee: 39 });
    expect(settlementOf('payment', card(1000), 'pending', rules)).toBeNull();
  });

  it('settles nothing for an authorization: its captures settle', () => {
    expect(settlementOf('payment', card(5000, { captureMode: 'manual' }), 'accepted', rules)).toBeNull();
    expect(settlementOf('capture', card(1200), 'completed', rules)).toEqual({ amount: 1200, fee: 42 });
    expect(settlementOf('void', card(3800), 'completed', rules)).toBeNull();
  });

  it('settles refunds and chargebacks negative with a positive fee, and reversals back without a fee', () => {
    const refund = card(333, { paymentMethod: 'credit-card-refund' });
    expect(settlementOf('refund', refund, 'accepted', rules)).toEqual({ amount: -333, fee: 30 });
    expect(settlementOf('chargeback', card(1001), 'completed', rules)).toEqual({ amount: -1001, fee: 39 });
    expect(settlementOf('reversal', card(400), 'completed', rules)).toEqual({ amount: 400, fee: 0 });
  });

  it('prefers the rule for the brand, falls back to the method’s, and charges nothing without one', () => {
    expect(feeOf(rules, card(1000, { paymentMethodBrand: 'mastercard' }))).toBe(30);
    expect(feeOf(rules, card(1000, { paymentMethod: 'wallet-a-pay' }))).toBe(0);
    expect(feeOf([], card(1000))).toBe(0);
  });

  it('rounds the percentage half up to a whole minor unit', () => {
    const percent = [{ paymentMethod: 'credit-card', brand: null, fixed: 0, basisPoints: 150 }];
    expect(feeOf(percent, card(100, { paymentMethodBrand: null }))).toBe(2); // 1.5 -> 2
    expect(feeOf(percent, card(99, { paymentMethodBrand: null }))).toBe(1); // 1.485 -> 1
    expect(feeOf(percent, card(900_719_925_474_099, { paymentMethodBrand: null }))).toBe(13_510_798_882_111);
  });
});

describe('the fee schedule configuration', () => {
  const id = '6f1c2b9e-8d2a-4c57-9f0e-1a2b3c4d5e6f';
  it('gives listed projects their rules, other live projects the default, other test projects nothing', () => {
    const { fees } = parseConfig({
      FEE_SCHEDULE: JSON.stringify({
        default: [{ payment_method: 'credit-card', fixed: 5 }],
        projects: { [id]: [{ payment_method: 'credit-card', basis_points: 100 }] },
      }),
    });
    expect(feeRulesFor(fees, { projectId: id, isTest: true })).toEqual([
      { paymentMethod: 'credit-card', brand: null, fixed: 0, basisPoints: 100 },
    ]);
    expect(feeRulesFor(fees, { projectId: 'other', isTest: false })).toEqual([
      { paymentMethod: 'credit-card', brand: null, fixed: 5, basisPoints: 0 },
    ]);
    expect(feeRulesFor(fees, { projectId: 'other', isTest: true })).toEqual([]);
    expect(parseConfig({}).fees).toEqual({ default: [], projects: {} });
  });

  it('refuses a schedule that is not JSON or has a bad rule, naming it', () => {
    expect(() => parseConfig({ FEE_SCHEDULE: '{' })).toThrow(/FEE_SCHEDULE.*must be JSON/s);
    expect(() =>
      parseConfig({
        FEE_SCHEDULE: JSON.stringify({ default: [{ payment_method: 'credit-card', fixed: -1 }] }),
      }),
    ).toThrow(/FEE_SCHEDULE.*default\.0\.fixed/s);
  });
});
