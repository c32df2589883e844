import {
  customerMayCancel,
  type OrderPageView,
  orderPageStateOf,
  paymentPageFor,
} from '../../src/modules/hosted-pages/page-for-state.ts';
import { Order } from '../../src/modules/orders/order.entity.ts';
import type { TransactionStatus } from '../../src/modules/orders/state-machine.ts';
import { Transaction } from '../../src/modules/orders/transaction.entity.ts';
import type { PaymentPageState } from '../../src/modules/payments/commands/load-payment-page.ts';

const BASE = 'https://pay.example';
const NOW = new Date('2026-06-15T12:00:00Z');

function order(overrides: Partial<Order> = {}): Order {
  const created = Order.createPayment({
    projectId: 'p-1',
    merchantId: 'm-1',
    mode: 'test',
    checkout: 'hosted',
    currency: 'EUR',
    amount: 995,
    expirationPeriod: 'PT1H',
    at: NOW,
    returnUrl: 'https://shop.example/return',
  });
  return Object.assign(created, overrides);
}

function attempt(of: Order, status: TransactionStatus, overrides: Partial<Transaction> = {}): Transaction {
  const transaction = Transaction.createPayment(of, {
    paymentMethod: 'credit-card',
    setupToken: null,
    at: NOW,
  });
  return Object.assign(transaction, { status, ...overrides });
}

/** The order page as the browser that started every attempt sees it, unless `view` says otherwise. */
const pageOf = (of: Order, transactions: Transaction[], view: Partial<OrderPageView> = {}) =>
  orderPageStateOf(
    { order: of, merchantName: 'Shop', methods: ['credit-card'], redirects: [], isTest: true },
    transactions,
    NOW,
    { startedHere: new Set(transactions.map((t) => t.id)), ...view },
  );
/** The order page as a browser that started none of the attempts sees it. */
const pageElsewhere = (of: Order, transactions: Transaction[], view: Partial<OrderPageView> = {}) =>
  pageOf(of, transactions, { ...view, startedHere: new Set() });

describe('which order page a customer sees', () => {
  it('lets the customer pay a new hosted order', () => {
    expect(pageOf(order(), [])).toMatchObject({ kind: 'payable', attempt: null });
  });

  it('names the failed attempt the page was sent back with, and lets the customer try again', () => {
    const open = order({ status: 'processing' });
    const declined = attempt(open, 'declined', { reason: 'insufficient_funds' });
    expect(pageOf(open, [declined], { attemptId: declined.id })).toMatchObject({
      kind: 'payable',
      attempt: { status: 'declined', reason: 'insufficient_funds' },
    });
  });

  it('shows a paid, cancelled, expired or failed order as closed, never as a form', () => {
    const paid = order({ status: 'processing' });
    expect(pageOf(paid, [attempt(paid, 'accepted')])).toMatchObject({ kind: 'closed', outcome: 'completed' });
    expect(pageOf(order({ status: 'cancelled' }), [])).toMatchObject({
      kind: 'closed',
      outcome: 'cancelled',
    });
    expect(pageOf(order({ status: 'error' }), [])).toMatchObject({ kind: 'closed', outcome: 'failed' });
    expect(pageOf(order({ expiresAt: NOW }), [])).toMatchObject({ kind: 'closed', outcome: 'expired' });
  });

  it('sends the customer to a pending challenge instead of offering a second payment', () => {
    const open = order({ status: 'processing' });
    const challenged = attempt(open, 'pending', { paymentUrl: `${BASE}/redirect/t-1/to/payment/` });
    expect(pageOf(open, [challenged])).toEqual(
      expect.objectContaining({ kind: 'challenge_pending', paymentUrl: challenged.paymentUrl }),
    );
  });

  it('has nothing to offer while an attempt runs here, or on an own checkout the shop drives', () => {
    const open = order({ status: 'processing' });
    expect(pageOf(open, [attempt(open, 'new')])).toMatchObject({ kind: 'in_progress' });
    expect(pageOf(order({ checkout: 'own' }), [])).toMatchObject({ kind: 'in_progress' });
    const own = order({ checkout: 'own', status: 'processing' });
    expect(pageOf(own, [attempt(own, 'processing')])).toMatchObject({ kind: 'in_progress' });
  });

  it('lets the customer wait for the acquirer, or pay another way once they chose to', () => {
    const open = order({ status: 'processing' });
    const waiting = attempt(open, 'processing');
    expect(pageOf(open, [waiting])).toMatchObject({ kind: 'awaiting_acquirer' });
    const chosen = pageOf(open, [waiting], { payAnotherWay: true });
    expect(chosen).toMatchObject({ kind: 'payable', payingAgain: true, attempt: null });
    // Without an attempt at the acquirer the choice changes nothing.
    expect(pageOf(open, [attempt(open, 'declined')])).toMatchObject({ kind: 'payable', payingAgain: false });
  });

  it('shows the order paid once one attempt succeeded, even while another still waits for the acquirer', () => {
    const open = order({ status: 'see-transactions' });
    expect(pageOf(open, [attempt(open, 'processing'), attempt(open, 'accepted')])).toMatchObject({
      kind: 'closed',
      outcome: 'completed',
    });
  });

  it("shows another browser's attempt in progress without its link, and no way to pay beside it or cancel it", () => {
    const open = order({ status: 'processing' });
    const challenged = attempt(open, 'pending', { paymentUrl: `${BASE}/redirect/t-1/to/payment/` });
    expect(pageElsewhere(open, [challenged])).toEqual({ kind: 'elsewhere', facts: expect.anything() });
    const waiting = attempt(open, 'processing');
    expect(pageElsewhere(open, [waiting])).toMatchObject({ kind: 'elsewhere' });
    expect(pageElsewhere(open, [waiting], { payAnotherWay: true })).toMatchObject({ kind: 'elsewhere' });
    expect(customerMayCancel(open, [challenged], NOW, new Set())).toBe(false);
    expect(customerMayCancel(open, [challenged], NOW, new Set([challenged.id]))).toBe(true);
  });

  it('explains a failed attempt only to the browser that made it; the order stays payable for everyone', () => {
    const open = order({ status: 'processing' });
    const declined = attempt(open, 'declined', { reason: 'insufficient_funds' });
    expect(pageElsewhere(open, [declined], { attemptId: declined.id })).toMatchObject({
      kind: 'payable',
      attempt: null,
    });
    expect(customerMayCancel(open, [declined], NOW, new Set())).toBe(true);
  });

  it("never shows an own checkout's payment_url on the order page: it is the shop's to give", () => {
    const own = order({ checkout: 'own', status: 'processing' });
    const challenged = attempt(own, 'pending', { paymentUrl: `${BASE}/redirect/t-1/to/payment/` });
    expect(pageElsewhere(own, [challenged])).toMatchObject({ kind: 'in_progress' });
  });

  it('knows no order page for refund, capture and void orders', () => {
    expect(() => pageOf(order({ kind: 'refund' }), [])).toThrow('Order not found');
  });
});

describe('what the payment page does', () => {
  const own = order({ checkout: 'own', returnUrl: null, status: 'processing' });
  const state = (kind: PaymentPageState['kind'], status: TransactionStatus = 'new'): PaymentPageState => {
    const transaction = attempt(own, status, { id: 't-1' });
    if (kind === 'finished') {
      return { kind, order: own, transaction, succeeded: status === 'accepted', returnUrl: null };
    }
    if (kind === 'challenge') return { kind, order: own, transaction, isTest: true };
    return { kind, order: own, transaction };
  };
  const get = { baseUrl: BASE, posted: false, refused: false, browser: 'none' as const };
  const post = { baseUrl: BASE, posted: true, refused: false, browser: 'none' as const };

  it('shows the challenge, the card form, or that the shop is at work', () => {
    expect(paymentPageFor(state('challenge', 'pending'), get)).toEqual({ kind: 'challenge' });
    expect(paymentPageFor(state('card_form'), get)).toEqual({ kind: 'card_form', status: 200 });
    expect(paymentPageFor(state('waiting', 'processing'), get)).toEqual({ kind: 'waiting' });
  });

  it('answers every post with a redirect to itself, except a refused card form, shown again with 400', () => {
    expect(paymentPageFor(state('challenge', 'pending'), post)).toEqual({
      kind: 'redirect',
      location: `${BASE}/redirect/t-1/to/payment/`,
    });
    expect(paymentPageFor(state('card_form'), { ...post, refused: true })).toEqual({
      kind: 'card_form',
      status: 400,
    });
  });

  it("shows another browser's attempt as in progress, before or after a post, and sends everyone on once it is over", () => {
    for (const request of [get, post]) {
      expect(paymentPageFor(state('challenge', 'pending'), { ...request, browser: 'another' })).toEqual({
        kind: 'elsewhere',
      });
    }
    expect(paymentPageFor(state('challenge', 'pending'), { ...get, browser: 'this' })).toEqual({
      kind: 'challenge',
    });
    expect(paymentPageFor(state('finished', 'accepted'), { ...get, browser: 'another' })).toEqual({
      kind: 'outcome',
      outcome: 'completed',
    });
  });

  it('shows the result of an own checkout whose shop gave nowhere to return to', () => {
    expect(paymentPageFor(state('finished', 'accepted'), get)).toEqual({
      kind: 'outcome',
      outcome: 'completed',
    });
    expect(paymentPageFor(state('finished', 'cancelled'), post)).toEqual({
      kind: 'outcome',
      outcome: 'cancelled',
    });
    expect(paymentPageFor(state('finished', 'declined'), get)).toEqual({
      kind: 'outcome',
      outcome: 'failed',
    });
  });

  it('sends the customer back to the shop once the payment is over, with the order id', () => {
    const shop = order({ checkout: 'own', status: 'completed' });
    const paid = attempt(shop, 'accepted');
    const finished: PaymentPageState = {
      kind: 'finished',
      order: shop,
      transaction: paid,
      succeeded: true,
      returnUrl: `https://shop.example/return?order_id=${shop.id}`,
    };
    expect(paymentPageFor(finished, get)).toEqual({ kind: 'redirect', location: finished.returnUrl });
  });
});
