import { PgCounterStore } from '../../src/platform/limits/pg-counter-store.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the shared counters (PostgreSQL)', () => {
  let app: TestApp;
  let store: PgCounterStore;

  beforeAll(async () => {
    app = await startTestApp();
    store = new PgCounterStore(app.runtime.deps.db);
  });
  afterAll(() => app.stop());

  it('adds up a fixed window atomically, one statement for many keys, and starts again once it ended', async () => {
    const window = { kind: 'window', windowMs: 600 } as const;
    const adds = await Promise.all(
      Array.from({ length: 20 }, () => store.add([{ key: 'test:a', amount: 1, drain: window }])),
    );
    expect(adds.map(([level]) => level!.level).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const [a, b] = await store.add([
      { key: 'test:a', amount: 2, drain: window },
      { key: 'test:b', amount: 5, drain: window },
    ]);
    expect(a!.level).toBe(22);
    expect(b!.level).toBe(5);
    expect(a!.emptyInMs).toBeGreaterThan(0);
    expect(a!.emptyInMs).toBeLessThanOrEqual(600);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await store.read(['test:a', 'test:never'])).toEqual([
      { level: 0, emptyInMs: 0 },
      { level: 0, emptyInMs: 0 },
    ]);
    expect((await store.add([{ key: 'test:a', amount: 1, drain: window }]))[0]!.level).toBe(1);
  });

  it('leaks a bucket continuously (a cost budget), and stores any key a person typed safely', async () => {
    const leak = { kind: 'leak', perSecond: 100 } as const;
    const [filled] = await store.add([{ key: 'budget:\u0000project', amount: 50, drain: leak }]);
    expect(filled!.level).toBe(50);
    expect(filled!.emptyInMs).toBeGreaterThan(400);
    expect(filled!.emptyInMs).toBeLessThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const [later] = await store.read(['budget:\u0000project']);
    expect(later!.level).toBeGreaterThan(10);
    expect(later!.level).toBeLessThan(30);
    const [added] = await store.add([{ key: 'budget:\u0000project', amount: 10, drain: leak }]);
    expect(added!.level).toBeGreaterThan(20);
    expect(added!.level).toBeLessThan(40);
  });
});
