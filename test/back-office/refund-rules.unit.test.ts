import { randomUUID } from 'node:crypto';
import {
  assertRefundAmount,
  assessRefund,
  type RefundFacts,
} from '../../src/modules/back-office/refund-rules.ts';
import { Order } from '../../src/modules/orders/order.entity.ts';
import { Transaction } from '../../src/modules/orders/transaction.entity.ts';
import { DomainError } from '../../src/platform/errors/domain-error.ts';

function order(overrides: Partial<Order> = {}): Order {
  return Object.assign(new Order(), {
    id: randomUUID(),
    kind: 'payment',
    status: 'completed',
    amount: 1000,
    currency: 'EUR',
    flags: [],
    ...overrides,
  });
}

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return Object.assign(new Transaction(), {
    id: randomUUID(),
    amount: 1000,
    currency: 'EUR',
    creditDebit: null,
    paymentMethod: 'credit-card',
    status: 'completed',
    captureMode: 'automatic',
    captureOfTransactionId: null,
    voidOfTransactionId: null,
    refundOfTransactionId: null,
    paymentMethodDetails: {},
    ...overrides,
  });
}

function facts(overrides: Partial<RefundFacts> = {}): RefundFacts {
  const original = overrides.order ?? order();
  return { order: original, transactions: [transaction()], relatedOrders: [], captures: [], ...overrides };
}

function refusal(work: () => unknown): { kind: string; code: string } {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code };
    throw error;
  }
  throw new Error('expected a refusal');
}

const refund = (amount: number, status: Order['status'] = 'completed') =>
  order({ kind: 'refund', amount, status, flags: ['is-refund'] });

describe('refund rules', () => {
  it('makes the whole amount of a paid order refundable', () => {
    const assessment = assessRefund(facts());
    expect(assessment).toMatchObject({ refundable: 1000, committed: 0, remaining: 1000 });
  });

  it('counts accepted refunds and refunds still processing, but not failed ones', () => {
    const assessment = assessRefund(
      facts({
        relatedOrders: [refund(100), refund(200, 'processing'), refund(300, 'error'), refund(50, 'new')],
      }),
    );
    expect(assessment).toMatchObject({ committed: 350, remaining: 650 });
  });

  it('refuses an amount over the remaining balance, and accepts exactly the remaining balance', () => {
    const assessment = assessRefund(facts({ relatedOrders: [refund(400)] }));
    expect(() => assertRefundAmount(assessment, 600, 'EUR')).not.toThrow();
    expect(refusal(() => assertRefundAmount(assessment, 601, 'EUR'))).toEqual({
      kind: 'unprocessable',
      code: 'refund_exceeds_remaining',
    });
  });

  it('refuses orders that are not completed', () => {
    for (const status of ['new', 'processing', 'error', 'cancelled', 'expired'] as const) {
      expect(refusal(() => assessRefund(facts({ order: order({ status }) })))).toEqual({
        kind: 'unprocessable',
        code: 'order_not_paid',
      });
    }
  });

  it('refunds the paid transaction of a see-transactions order while another attempt still runs', () => {
    const paid = transaction();
    const assessment = assessRefund(
      facts({
        order: order({ status: 'see-transactions' }),
        transactions: [transaction({ status: 'processing' }), paid],
      }),
    );
    expect(assessment).toMatchObject({ payment: paid, refundable: 1000, remaining: 1000 });
  });

  it('needs the transaction named when the customer paid twice, and counts each payment’s refunds apart', () => {
    const first = transaction();
    const second = transaction();
    const twice = order({ status: 'see-transactions' });
    const refundOfFirst = refund(1000);
    const paidTwice = (paymentId?: string) =>
      facts({
        order: twice,
        transactions: [first, second],
        relatedOrders: [refundOfFirst],
        followUps: [transaction({ orderId: refundOfFirst.id, refundOfTransactionId: first.id })],
        paymentId,
      });
    expect(refusal(() => assessRefund(paidTwice()))).toEqual({
      kind: 'unprocessable',
      code: 'transaction_required',
    });
    expect(assessRefund(paidTwice(first.id))).toMatchObject({ payment: first, remaining: 0 });
    expect(assessRefund(paidTwice(second.id))).toMatchObject({ payment: second, remaining: 1000 });
    expect(refusal(() => assessRefund(paidTwice(randomUUID())))).toEqual({
      kind: 'unprocessable',
      code: 'transaction_not_paid',
    });
  });

  it('refuses to refund a refund, a capture or a void order', () => {
    for (const kind of ['refund', 'capture', 'void'] as const) {
      expect(refusal(() => assessRefund(facts({ order: order({ kind }) })))).toEqual({
        kind: 'unprocessable',
        code: 'order_not_refundable',
      });
    }
  });

  it('refuses a voided order', () => {
    const voided = facts({ relatedOrders: [order({ kind: 'void', status: 'completed' })] });
    expect(refusal(() => assessRefund(voided)).code).toBe('order_voided');
  });

  it('limits a pre-authorization to what was captured, and refuses one never captured', () => {
    const auth = transaction({ captureMode: 'manual', status: 'accepted', amount: 1000 });
    expect(refusal(() => assessRefund(facts({ transactions: [auth] }))).code).toBe('order_not_captured');

    const capture = transaction({ captureOfTransactionId: auth.id, amount: 700, status: 'completed' });
    expect(assessRefund(facts({ transactions: [auth], captures: [capture] })).refundable).toBe(700);

    const capturedInPlace = transaction({ captureMode: 'manual', status: 'captured', amount: 800 });
    expect(assessRefund(facts({ transactions: [capturedInPlace] })).refundable).toBe(800);
  });

  it('refunds the single paid transaction of a hosted-page order with failed attempts before it', () => {
    const paid = transaction({ amount: 1000 });
    const assessment = assessRefund(
      facts({ transactions: [transaction({ status: 'declined' }), transaction({ status: 'error' }), paid] }),
    );
    expect(assessment.payment.id).toBe(paid.id);
  });

  it('has nothing to refund on a zero-amount card verification', () => {
    const assessment = assessRefund(
      facts({ order: order({ amount: 0 }), transactions: [transaction({ amount: 0 })] }),
    );
    expect(assessment.remaining).toBe(0);
    expect(refusal(() => assertRefundAmount(assessment, 1, 'EUR')).code).toBe('refund_exceeds_remaining');
  });
});
