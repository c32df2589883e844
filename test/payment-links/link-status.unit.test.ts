import { openingOf, orderInputOf, paymentLinkStatusOf } from '../../src/modules/payment-links/link-status.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const link = (
  overrides: Partial<{ deactivatedAt: Date | null; expiresAt: Date | null; singleUse: boolean }> = {},
) => ({
  deactivatedAt: null,
  expiresAt: null,
  singleUse: false,
  ...overrides,
});

describe('a payment link status', () => {
  it('is active until it expires, then expired', () => {
    expect(paymentLinkStatusOf(link({ expiresAt: at(1) }), false, NOW)).toEqual({
      status: 'active',
      reason: null,
    });
    expect(paymentLinkStatusOf(link({ expiresAt: at(0) }), false, NOW)).toEqual({
      status: 'expired',
      reason: null,
    });
    expect(paymentLinkStatusOf(link(), false, NOW).status).toBe('active');
  });

  it('is inactive once deactivated, even when it has also expired', () => {
    expect(paymentLinkStatusOf(link({ deactivatedAt: at(-5), expiresAt: at(-1) }), false, NOW)).toEqual({
      status: 'inactive',
      reason: 'deactivated',
    });
  });

  it('is used up when single-use and paid, but a reusable link stays active when paid', () => {
    expect(paymentLinkStatusOf(link({ singleUse: true }), true, NOW)).toEqual({
      status: 'inactive',
      reason: 'used',
    });
    expect(paymentLinkStatusOf(link(), true, NOW).status).toBe('active');
  });
});

describe('opening a payment link', () => {
  const order = (id: string, expiresInMs: number, status: 'new' | 'processing' = 'new') => ({
    id,
    status,
    expiresAt: at(expiresInMs),
  });

  it('creates an order for every open of a reusable link', () => {
    expect(openingOf(link(), { paid: false, unfinished: [] }, NOW)).toEqual({ kind: 'create' });
  });

  it('leads a single-use link to its order that can still be paid', () => {
    const opening = openingOf(
      link({ singleUse: true }),
      { paid: false, unfinished: [order('a', 60_000, 'processing')] },
      NOW,
    );
    expect(opening).toEqual({ kind: 'reuse', orderId: 'a' });
  });

  it('settles overdue orders of a single-use link before creating another', () => {
    const unfinished = [order('a', -1), order('b', -60_000, 'processing')];
    expect(openingOf(link({ singleUse: true }), { paid: false, unfinished }, NOW)).toEqual({
      kind: 'settle',
      orderIds: ['a', 'b'],
    });
    expect(openingOf(link({ singleUse: true }), { paid: false, unfinished: [] }, NOW)).toEqual({
      kind: 'create',
    });
  });

  it('says why a link leads to no order', () => {
    const none = { paid: false, unfinished: [] };
    expect(openingOf(link({ deactivatedAt: at(-1) }), none, NOW)).toEqual({
      kind: 'closed',
      reason: 'deactivated',
    });
    expect(openingOf(link({ expiresAt: at(-1) }), none, NOW)).toEqual({ kind: 'closed', reason: 'expired' });
    expect(openingOf(link({ singleUse: true }), { paid: true, unfinished: [] }, NOW)).toEqual({
      kind: 'closed',
      reason: 'used',
    });
  });
});

describe('the order a link creates', () => {
  const base = {
    amount: 995,
    currency: 'EUR',
    description: null,
    merchantOrderId: 'm-1',
    returnUrl: 'https://shop.example/r',
    failureUrl: null,
    paymentMethods: ['credit-card'],
    expiresAt: null,
  };

  it('carries the link order fields and leaves out the absent ones', () => {
    expect(orderInputOf(base, NOW, 'PT1H')).toEqual({
      amount: 995,
      currency: 'EUR',
      merchant_order_id: 'm-1',
      return_url: 'https://shop.example/r',
      payment_methods: ['credit-card'],
    });
  });

  it('may not be paid after the link expires: its expiration period ends with the link, rounded up to a second', () => {
    expect(orderInputOf({ ...base, expiresAt: at(90_500) }, NOW, 'PT1H').expiration_period).toBe('PT91S');
    expect(orderInputOf({ ...base, expiresAt: at(2 * 3_600_000) }, NOW, 'PT1H')).not.toHaveProperty(
      'expiration_period',
    );
  });
});
