import {
  assertOrderTransition,
  assertTransactionTransition,
  canTransitionOrder,
  canTransitionTransaction,
  deriveOrderStatus,
  ORDER_STATUSES,
  orderStatusAtDeadline,
  TRANSACTION_STATUSES,
  TransitionRefusedError,
} from '../../src/modules/orders/state-machine.ts';

describe('transaction state machine', () => {
  it.each([
    ['new', 'pending'],
    ['new', 'accepted'],
    ['new', 'declined'],
    ['pending', 'accepted'],
    ['pending', 'cancelled'],
    ['processing', 'error'],
    ['accepted', 'captured'],
  ] as const)('allows %s -> %s', (from, to) => {
    expect(canTransitionTransaction(from, to)).toBe(true);
    expect(() => assertTransactionTransition(from, to)).not.toThrow();
  });

  it.each([
    ['declined', 'accepted'],
    ['completed', 'new'],
    ['accepted', 'declined'],
    ['captured', 'accepted'],
    ['expired', 'pending'],
    ['error', 'processing'],
    ['pending', 'new'],
  ] as const)('refuses %s -> %s', (from, to) => {
    expect(canTransitionTransaction(from, to)).toBe(false);
    expect(() => assertTransactionTransition(from, to)).toThrow(TransitionRefusedError);
  });

  it('lets no final transaction status move on', () => {
    for (const from of ['captured', 'completed', 'declined', 'cancelled', 'expired', 'error'] as const) {
      for (const to of TRANSACTION_STATUSES) expect(canTransitionTransaction(from, to)).toBe(false);
    }
  });
});

describe('order state machine', () => {
  it('lets no final order status move on (spec 3.1 rule 1)', () => {
    for (const from of ['completed', 'cancelled', 'expired', 'error'] as const) {
      for (const to of ORDER_STATUSES) expect(canTransitionOrder(from, to)).toBe(false);
    }
  });

  it('allows an open order to reach every final status', () => {
    for (const to of ['completed', 'cancelled', 'expired', 'error'] as const) {
      expect(canTransitionOrder('new', to)).toBe(true);
      expect(canTransitionOrder('processing', to)).toBe(true);
    }
  });

  it('refuses to reopen a completed order', () => {
    expect(() => assertOrderTransition('completed', 'processing')).toThrow(
      "order cannot move from 'completed' to 'processing'",
    );
  });
});

describe('order status derived from its transactions', () => {
  it('is new without transactions or while every transaction is untouched', () => {
    expect(deriveOrderStatus('hosted', [])).toBe('new');
    expect(deriveOrderStatus('own', ['new'])).toBe('new');
  });

  it('is processing while a payment is under way', () => {
    expect(deriveOrderStatus('own', ['pending'])).toBe('processing');
    expect(deriveOrderStatus('own', ['processing'])).toBe('processing');
  });

  it('completes on an accepted, captured or completed transaction', () => {
    expect(deriveOrderStatus('own', ['accepted'])).toBe('completed');
    expect(deriveOrderStatus('own', ['captured'])).toBe('completed');
    expect(deriveOrderStatus('hosted', ['declined', 'completed'])).toBe('completed');
  });

  it('mirrors a failed own-checkout transaction (a declined card sits in an order with status error)', () => {
    expect(deriveOrderStatus('own', ['declined'])).toBe('error');
    expect(deriveOrderStatus('own', ['error'])).toBe('error');
    expect(deriveOrderStatus('own', ['cancelled'])).toBe('cancelled');
    expect(deriveOrderStatus('own', ['expired'])).toBe('expired');
  });

  it('keeps a hosted-page order open after a failed attempt so the customer can retry', () => {
    expect(deriveOrderStatus('hosted', ['declined'])).toBe('processing');
  });

  it('asks the merchant to look when transactions disagree', () => {
    expect(deriveOrderStatus('hosted', ['accepted', 'completed'])).toBe('see-transactions');
    expect(deriveOrderStatus('hosted', ['accepted', 'pending'])).toBe('see-transactions');
  });
});

describe('order status at its deadline, once the open transactions have expired', () => {
  it('expires an order on which nothing was paid, whatever its checkout', () => {
    expect(orderStatusAtDeadline('hosted', [])).toBe('expired');
    expect(orderStatusAtDeadline('hosted', ['declined', 'expired'])).toBe('expired');
    expect(orderStatusAtDeadline('own', ['expired'])).toBe('expired');
  });

  it('completes an order whose one payment stood beside an attempt that has now expired', () => {
    expect(orderStatusAtDeadline('hosted', ['expired', 'accepted'])).toBe('completed');
    expect(orderStatusAtDeadline('hosted', ['declined', 'expired', 'captured'])).toBe('completed');
  });

  it('leaves an order paid twice for the merchant to look at', () => {
    expect(orderStatusAtDeadline('hosted', ['accepted', 'expired', 'accepted'])).toBe('see-transactions');
  });
});
