import { refundableAmount, refundTargets } from '../../portal/src/refundable.ts';

const payment = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id,
  amount,
  status: 'ACCEPTED',
  isCapturable: false,
  ...extra,
});
const refundOf = (transactionId: string, amount: number, status = 'COMPLETED') => ({
  amount,
  status,
  transactions: [{ refundOfTransactionId: transactionId }],
});

describe("the portal's refundable amounts", () => {
  it('offers a completed order less what its refunds hold, a failed refund holding nothing', () => {
    const order = {
      amount: 2500,
      status: 'COMPLETED',
      refundedAmount: 700,
      transactions: [payment('p1', 2500)],
      refunds: [refundOf('p1', 700), refundOf('p1', 300, 'PROCESSING'), refundOf('p1', 900, 'ERROR')],
    };
    expect(refundableAmount(order)).toBe(1500);
    expect(refundTargets(order)).toEqual([]);
  });

  it("counts a chargeback in the order's refunded amount against what is left", () => {
    const order = { amount: 2500, status: 'COMPLETED', refundedAmount: 2000, transactions: [], refunds: [] };
    expect(refundableAmount(order)).toBe(500);
  });

  it('offers each payment of an order paid twice with what is left of it, and their sum for the order', () => {
    const order = {
      amount: 1000,
      status: 'SEE_TRANSACTIONS',
      refundedAmount: 400,
      transactions: [payment('p1', 1000), payment('p2', 1000)],
      refunds: [refundOf('p1', 400), refundOf('p2', 1000, 'ERROR')],
    };
    expect(refundTargets(order).map((t) => [t.payment.id, t.refundable])).toEqual([
      ['p1', 600],
      ['p2', 1000],
    ]);
    expect(refundableAmount(order)).toBe(1600);
  });

  it('offers no attempt still waiting, authorization awaiting capture, or capture, void and refund record', () => {
    const order = {
      amount: 1000,
      status: 'SEE_TRANSACTIONS',
      refundedAmount: 0,
      transactions: [
        payment('waiting', 1000, { status: 'PROCESSING' }),
        payment('paid', 1000),
        payment('held', 1000, { isCapturable: true }),
        payment('capture', 1000, { captureOfTransactionId: 'held' }),
        payment('void', 1000, { voidOfTransactionId: 'held' }),
        payment('refund', 1000, { refundOfTransactionId: 'paid' }),
      ],
      refunds: [],
    };
    expect(refundTargets(order).map((t) => t.payment.id)).toEqual(['paid']);
  });
});
