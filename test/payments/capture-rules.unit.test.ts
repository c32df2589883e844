import { capturableAmount, decideCapture, decideVoid } from '../../src/modules/payments/capture-rules.ts';

const facts = (captures: { amount: number; status: 'completed' | 'error' }[] = []) => ({
  authorized: 5000,
  currency: 'EUR',
  captures,
});

describe('capture rules', () => {
  it('captures everything left by default, and that capture is final', () => {
    expect(decideCapture(facts(), {})).toEqual({ amount: 5000, final: true });
    expect(decideCapture(facts([{ amount: 1200, status: 'completed' }]), {})).toEqual({
      amount: 3800,
      final: true,
    });
  });

  it('keeps a partial capture open unless it says it is final', () => {
    expect(decideCapture(facts(), { amount: 1000 })).toEqual({ amount: 1000, final: false });
    expect(decideCapture(facts(), { amount: 1000, final: true })).toEqual({ amount: 1000, final: true });
  });

  it('counts only completed captures: a refused one moved nothing', () => {
    const mixed = facts([
      { amount: 1000, status: 'completed' },
      { amount: 4000, status: 'error' },
    ]);
    expect(capturableAmount(mixed)).toBe(4000);
    expect(decideCapture(mixed, { amount: 4000 })).toEqual({ amount: 4000, final: true });
  });

  it('refuses more than is still capturable, naming what is left', () => {
    const partly = facts([{ amount: 4500, status: 'completed' }]);
    expect(() => decideCapture(partly, { amount: 501 })).toThrow(
      'must be between 1 minor unit and the amount still capturable of 5.00 EUR (500 minor units)',
    );
    expect(() => decideCapture(facts(), { amount: 5001 })).toThrow('the authorized amount of 50.00 EUR');
  });

  it('voids what the captures left', () => {
    expect(decideVoid(facts())).toEqual({ amount: 5000, final: true });
    expect(decideVoid(facts([{ amount: 1500, status: 'completed' }]))).toEqual({ amount: 3500, final: true });
  });
});
