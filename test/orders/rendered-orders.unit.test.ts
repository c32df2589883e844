import { RenderedOrders } from '../../src/modules/orders/rendered-orders.ts';

const PROJECT = 'project-a';
const body = (size: number) => 'x'.repeat(size);

describe('the renderings a process keeps', () => {
  it('serves a body only at the version and for the audience it was rendered for', () => {
    const renderings = new RenderedOrders({ bytes: 10_000, ttlMs: 60_000 });
    renderings.remember(PROJECT, 'order-1', { version: '7/8/0', audience: 'Shop', body: '{"id":"order-1"}' });
    expect(renderings.knownVersion(PROJECT, 'order-1', 'Shop')).toBe('7/8/0');
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Shop', '7/8/0')).toBe('{"id":"order-1"}');
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Shop', '7/9/0')).toBeNull();
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Renamed shop', '7/8/0')).toBeNull();
    expect(renderings.knownVersion(PROJECT, 'order-1', 'Renamed shop')).toBeNull();
  });

  it("keeps each audience's rendering of one order, so two faces reading it do not push out each other's", () => {
    const renderings = new RenderedOrders({ bytes: 10_000, ttlMs: 60_000 });
    renderings.remember(PROJECT, 'order-1', { version: '1', audience: 'Shop', body: 'rest' });
    renderings.remember(PROJECT, 'order-1', { version: '1', audience: 'view json', body: 'view' });
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Shop', '1')).toBe('rest');
    expect(renderings.bodyAt(PROJECT, 'order-1', 'view json', '1')).toBe('view');
  });

  it("keeps another project's rendering of the same id apart", () => {
    const renderings = new RenderedOrders({ bytes: 10_000, ttlMs: 60_000 });
    renderings.remember(PROJECT, 'order-1', { version: '1', audience: 'Shop', body: 'a' });
    expect(renderings.knownVersion('project-b', 'order-1', 'Shop')).toBeNull();
    expect(renderings.bodyAt('project-b', 'order-1', 'Shop', '1')).toBeNull();
  });

  it('holds at most its bytes of bodies, dropping the least recently used first', () => {
    const renderings = new RenderedOrders({ bytes: 1_000, ttlMs: 60_000 });
    renderings.remember(PROJECT, 'order-1', { version: '1', audience: 'Shop', body: body(400) });
    renderings.remember(PROJECT, 'order-2', { version: '1', audience: 'Shop', body: body(400) });
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Shop', '1')).not.toBeNull();
    renderings.remember(PROJECT, 'order-3', { version: '1', audience: 'Shop', body: body(400) });
    expect(renderings.bodyAt(PROJECT, 'order-2', 'Shop', '1')).toBeNull();
    expect(renderings.bodyAt(PROJECT, 'order-1', 'Shop', '1')).not.toBeNull();
    expect(renderings.bodyAt(PROJECT, 'order-3', 'Shop', '1')).not.toBeNull();
    // A body larger than the whole room is not kept at all.
    renderings.remember(PROJECT, 'order-4', { version: '1', audience: 'Shop', body: body(2_000) });
    expect(renderings.knownVersion(PROJECT, 'order-4', 'Shop')).toBeNull();
  });

  it('keeps nothing when given no room', () => {
    const renderings = new RenderedOrders({ bytes: 0, ttlMs: 60_000 });
    renderings.remember(PROJECT, 'order-1', { version: '1', audience: 'Shop', body: 'a' });
    expect(renderings.knownVersion(PROJECT, 'order-1', 'Shop')).toBeNull();
  });
});
