import { BANK_OUTCOMES, bankResultOf, isBankOutcome } from '../../src/modules/ideal/bank-outcome.ts';
import { canTransitionTransaction } from '../../src/modules/orders/state-machine.ts';

describe("the simulated bank's outcomes", () => {
  it('approve completes the transaction, cancel cancels it, fail is an error', () => {
    expect(bankResultOf('approve')).toEqual({ status: 'completed', reason: 'none', succeeded: true });
    expect(bankResultOf('cancel')).toEqual({
      status: 'cancelled',
      reason: 'cancelled_by_customer',
      succeeded: false,
    });
    expect(bankResultOf('fail')).toEqual({ status: 'error', reason: 'processor_error', succeeded: false });
  });

  it('moves a new or pending transaction only along transitions the state machine allows', () => {
    for (const outcome of BANK_OUTCOMES) {
      for (const from of ['new', 'pending'] as const) {
        expect(canTransitionTransaction(from, bankResultOf(outcome).status)).toBe(true);
      }
    }
  });

  it('knows only its three outcomes', () => {
    expect(isBankOutcome('approve')).toBe(true);
    expect(isBankOutcome('refund')).toBe(false);
    expect(isBankOutcome(undefined)).toBe(false);
  });
});
