import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { PERSISTED_DOCUMENTS_FILE } from '../../portal/build.ts';
import { parseConfig } from '../../src/config/index.ts';
import { CostAnalysis } from '../../src/platform/graphql/cost.ts';
import { CostBudget, type SharedBuckets } from '../../src/platform/limits/cost-budget.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

/** 25 orders with their transactions: 2 for the search, then 25 × (edge 1 + order 1 + 2 transactions × 1). */
const PAGE = '{ orders(first: 25) { edges { node { id status transactions { id status } } } } }';
const PAGE_COST = 2 + 25 * (1 + 1 + 2 * 1);
/**
 * Ten exact counts: each 2 for the search, 20 for `exactTotal` and 2 for `totalCount`, 240 in all. It costs
 * what it asks for whatever the project holds, so it spends the bucket predictably.
 */
const COUNTS = `{ ${Array.from({ length: 10 }, (_, i) => `c${i}: orders(first: 1, exactTotal: true) { totalCount }`).join(' ')} }`;

/** One exact count: 2 for the search, 20 for `exactTotal`, 2 for `totalCount`, whatever the project holds. */
const ONE_COUNT = '{ orders(first: 1, exactTotal: true) { totalCount } }';
const ONE_COUNT_COST = 24;

/** A subscription that replays the orders created after `$after`, then goes on live. */
const REPLAY = `subscription Replay($after: String) {
  orderCreated(afterEvent: $after) { id event { cursor } transactions { events { event } } }
}`;
/** Each payload: the order 1, its event 1, and 2 transactions (assumed) of 1 and 5 events (assumed) each. */
const REPLAY_COST = 1 + 1 + 2 * (1 + 5);

describe('declared costs and the per-project budget', () => {
  let app: TestApp;
  let small: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    // A bucket of 300 points restored at 10 a second, and a second process on the same database.
    small = await startTestApp({ GRAPHQL_COST_MAXIMUM_AVAILABLE: '300', GRAPHQL_COST_RESTORE_RATE: '10' });
    second = await startTestApp({
      DATABASE_URL: small.databaseUrl,
      JOBS_ENABLED: 'false',
      GRAPHQL_COST_MAXIMUM_AVAILABLE: '300',
      GRAPHQL_COST_RESTORE_RATE: '10',
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([app.stop(), second.stop()]);
    await small.stop();
  });

  it("answers every operation with extensions.cost in Shopify's shape: requested before, actual after", async () => {
    const { apiKey } = await seedProject(app);
    const answer = await graphqlClient(app.baseUrl, apiKey)(PAGE);
    expect(answer.status).toBe(200);
    expect((answer as { extensions?: unknown }).extensions).toEqual({
      cost: {
        requestedQueryCost: PAGE_COST,
        // A new project has no orders: the search and no edge.
        actualQueryCost: 2,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: expect.any(Number), restoreRate: 100 },
      },
    });
  });

  it('refuses an operation over the budget before it runs, with THROTTLED, 429 and how long to wait', async () => {
    const { apiKey } = await seedProject(small);
    const gql = graphqlClient(small.baseUrl, apiKey);
    expect((await gql(COUNTS)).extensions?.cost).toMatchObject({
      requestedQueryCost: 240,
      actualQueryCost: 240,
    });
    // 60 points are left of 300, restored at 10 a second: the same operation must wait.
    const response = await fetch(`${small.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(apiKey) },
      body: JSON.stringify({ query: COUNTS }),
    });
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThanOrEqual(10);
    expect(seconds).toBeLessThanOrEqual(19);
    const body = (await response.json()) as { data?: unknown; errors: unknown[]; extensions: any };
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      {
        message: expect.stringMatching(/^Throttled: the operation costs 240 points/),
        extensions: { code: 'THROTTLED', retryAfterMs: expect.any(Number) },
      },
    ]);
    expect(body.extensions.cost).toEqual({
      requestedQueryCost: 240,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 300, currentlyAvailable: expect.any(Number), restoreRate: 10 },
    });
    expect(body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(240);
    // Nothing was taken for the refused operation: a cheap one still runs.
    expect((await gql('{ viewer { role } }')).status).toBe(200);
  });

  it('shares one bucket between the processes of a database', async () => {
    const { apiKey } = await seedProject(small);
    // The first process takes 240 of the 300 points; the second, on the same database, finds too few left.
    expect((await graphqlClient(small.baseUrl, apiKey)(COUNTS)).status).toBe(200);
    const other = await graphqlClient(second.baseUrl, apiKey)(COUNTS);
    expect(other.status).toBe(429);
    expect(other.errors?.[0]?.extensions?.code).toBe('THROTTLED');
  });

  it('lets at most what the bucket holds through when many operations of one project arrive at once', async () => {
    const { apiKey } = await seedProject(small);
    const started = Date.now();
    // 40 operations of 24 points at once, half in each process, against one bucket of 300 (10 restored a second).
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        graphqlClient((i % 2 ? second : small).baseUrl, apiKey)(ONE_COUNT),
      ),
    );
    const restored = ((Date.now() - started) / 1000) * 10;
    const ran = answers.filter((answer) => answer.status === 200);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(ran.length).toBeLessThanOrEqual(Math.floor((300 + restored) / ONE_COUNT_COST));
    expect(ran.length).toBeGreaterThanOrEqual(Math.floor(300 / ONE_COUNT_COST) - 2);
    expect(throttled).toHaveLength(40 - ran.length);
    for (const answer of throttled) {
      expect(answer.errors).toEqual([
        {
          message: expect.stringMatching(/^Throttled: the operation costs 24 points/),
          extensions: { code: 'THROTTLED', retryAfterMs: expect.any(Number) },
        },
      ]);
      expect(answer.extensions?.cost).toMatchObject({ requestedQueryCost: 24, actualQueryCost: null });
    }
  });

  it('refuses over graphql-ws too, and an operation larger than the whole bucket as MAX_COST_EXCEEDED', async () => {
    const { apiKey } = await seedProject(small);
    const socket = liveClient(small.baseUrl, { apiKey });
    try {
      await socket.connected;
      const first = await socket.client
        .iterate({ query: '{ orders(first: 100) { edges { node { id } } } }' })
        .next();
      expect((first.value as { extensions?: any }).extensions.cost.requestedQueryCost).toBe(202);
      const refused = await socket.client
        .iterate({ query: '{ orders(first: 100) { edges { node { id transactions { id } } } } }' })
        .next()
        .then(
          () => null,
          (errors: { extensions?: any }[]) => errors,
        );
      expect(refused?.[0]?.extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: 300 });
    } finally {
      await socket.dispose();
    }
  });

  it('charges each event a subscription replays after afterEvent as one more payload', async () => {
    const { apiKey } = await seedProject(small);
    const after = await ordersCreatedAfter(small, apiKey, 10);
    const socket = liveClient(small.baseUrl, { apiKey });
    try {
      await socket.connected;
      const replay = socket.subscribe(REPLAY, { after });
      expect(await replay.waitFor(10)).toHaveLength(10);
      expect(replay.errors).toEqual([]);
      // The subscription and its 10 replayed payloads took 11 × 14 = 154 of the 300 points: 240 more must wait.
      const counts = await graphqlClient(small.baseUrl, apiKey)(COUNTS);
      expect(counts.status).toBe(429);
      expect(counts.extensions?.cost.throttleStatus.currentlyAvailable).toBeLessThan(
        300 - 11 * REPLAY_COST + 50,
      );
    } finally {
      await socket.dispose();
    }
  });

  it('ends a replay the budget cannot pay for with THROTTLED, after the events it could pay for', async () => {
    const { apiKey } = await seedProject(small);
    const after = await ordersCreatedAfter(small, apiKey, 30);
    const socket = liveClient(small.baseUrl, { apiKey });
    try {
      await socket.connected;
      const results: { data?: any; errors?: readonly unknown[]; extensions?: any }[] = [];
      const ended = (async () => {
        for await (const result of socket.client.iterate({ query: REPLAY, variables: { after } }))
          results.push(result);
      })();
      await Promise.race([
        ended,
        sleep(10_000).then(() => Promise.reject(new Error('the replay did not end'))),
      ]);
      const refusal = results.pop()!;
      // 300 points pay for the subscription and about 20 payloads of 14 (a few more restored meanwhile); every
      // one delivered is whole, in order, and the last one's cursor is where the client resumes.
      expect(results.length).toBeGreaterThanOrEqual(Math.floor(300 / REPLAY_COST) - 1);
      expect(results.length).toBeLessThan(30);
      expect(results.every((result) => result.data?.orderCreated.event.cursor && !result.errors)).toBe(true);
      expect(refusal.data).toBeUndefined();
      expect(refusal.errors).toEqual([
        {
          message: expect.stringMatching(/^Throttled: the operation costs 14 points/),
          extensions: { code: 'THROTTLED', retryAfterMs: expect.any(Number) },
        },
      ]);
      expect(refusal.extensions?.cost).toEqual({
        requestedQueryCost: REPLAY_COST,
        actualQueryCost: null,
        throttleStatus: { maximumAvailable: 300, currentlyAvailable: expect.any(Number), restoreRate: 10 },
      });
    } finally {
      await socket.dispose();
    }
  });

  it("keeps every document of the portal far inside the default budget (its CSV export's page within 40%)", () => {
    const analysis = new CostAnalysis(buildSdlSchema());
    const { maximumAvailable } = parseConfig({}).security.graphqlCostBudget;
    const manifest = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;
    // The largest values any page sends (25 orders a page, a month of days).
    const variables = { first: 25, id: '00000000-0000-0000-0000-000000000000', orderId: null };
    const costs = Object.values(manifest).map((text) => {
      const document = parse(text);
      const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
      const name = operation && 'name' in operation ? operation.name?.value : undefined;
      return { name, cost: analysis.requested(document, name, { ...variables, ...requiredVariables(text) }) };
    });
    // A mutation's cost does not depend on its input, which this test does not build: those are left out.
    const costed = costs.filter(
      ({ cost }, i) => cost !== null || !Object.values(manifest)[i]!.includes('mutation '),
    );
    expect(costed.filter(({ cost }) => cost === null)).toEqual([]);
    for (const { name, cost } of costed) {
      const share = name === 'PortalOrdersExport' ? 0.4 : 0.1;
      expect({ name, withinShare: cost! <= share * maximumAvailable }).toEqual({ name, withinShare: true });
    }
  });

  it('lets a process use what it reserved without the database, and returns the rest after a second', async () => {
    const takes: number[] = [];
    const returnedPoints: number[] = [];
    let now = 0;
    const budget = new CostBudget(
      {
        take: async (_project, need, want, returned) => {
          takes.push(want);
          returnedPoints.push(returned);
          return { granted: Math.max(need, want), available: 1000 - want };
        },
      },
      { maximumAvailable: 1000, restoreRate: 100 },
      { now: () => now },
    );
    expect((await budget.charge('p', 30)).granted).toBe(true); // reserves 100
    expect((await budget.charge('p', 30)).granted).toBe(true); // from the reservation
    expect((await budget.charge('p', 30)).granted).toBe(true);
    expect(takes).toEqual([100]);
    budget.refund('p', 20);
    expect((await budget.charge('p', 30)).granted).toBe(true); // 10 left + 20 given back
    now += 1000;
    expect((await budget.charge('p', 5)).granted).toBe(true);
    expect(takes).toEqual([100, 100]);
    // The ended reservation's 0 points left went back with the second take (30 + 30 + 30 + 30 - 20 = 100 spent).
    expect(returnedPoints).toEqual([0, 0]);
    budget.refund('p', 50);
    now += 1000;
    await budget.charge('p', 5);
    expect(returnedPoints).toEqual([0, 0, 145]);
    expect((await budget.charge('p', 5000)).granted).toBe(false);
  });

  it('never lets operations arriving at once in two processes spend more than the shared bucket holds', async () => {
    // The shared bucket as the database keeps it: each take reads and writes the level in one step (the row lock),
    // at a random moment; no restoring (the clock stands still), so 300 points pay for 30 operations of 10. Each
    // process reserves 30 at a time (a tenth of the bucket): three operations' worth to spend locally.
    let available = 300;
    const shared: SharedBuckets = {
      take: async (_project, need, want, returned) => {
        await sleep(Math.random() * 5);
        available += returned;
        const granted = available >= need ? Math.min(want, available) : 0;
        available -= granted;
        await sleep(Math.random() * 5);
        return { granted, available };
      },
    };
    const settings = { maximumAvailable: 300, restoreRate: 100 };
    const processes = [0, 1].map(() => new CostBudget(shared, settings, { now: () => 0 }));
    const charges = await Promise.all(
      Array.from({ length: 100 }, (_, i) => processes[i % 2]!.charge('p', 10)),
    );
    const granted = charges.filter((charge) => charge.granted).length;
    expect(granted).toBeLessThanOrEqual(30);
    // Nor fewer: a take is sized for the operations waiting for it, so no chunk is left with a process whose
    // operations were refused meanwhile (22 of 30 passed when each took a chunk of its own).
    expect(granted).toBeGreaterThanOrEqual(29);
    for (const charge of charges.filter((each) => !each.granted))
      expect(charge).toMatchObject({ retryAfterMs: expect.any(Number), exceedsMaximum: false });
  });

  it('lets every operation of a burst through when the bucket holds them all, with a take or two', async () => {
    let takes = 0;
    let available = 2000;
    const shared: SharedBuckets = {
      take: async (_project, need, want, returned) => {
        takes += 1;
        await sleep(Math.random() * 5);
        available += returned;
        const granted = available >= need ? Math.min(want, available) : 0;
        available -= granted;
        return { granted, available };
      },
    };
    // The default bucket: 50 operations of 20 points at once take half of it.
    const budget = new CostBudget(shared, { maximumAvailable: 2000, restoreRate: 100 }, { now: () => 0 });
    const charges = await Promise.all(Array.from({ length: 50 }, () => budget.charge('p', 20)));
    // Sized by a chunk each, takes followed one another and the operations that stopped waiting took a chunk
    // each: 38 takes, and 18 operations refused with 1,000 points left.
    expect(charges.filter((charge) => !charge.granted)).toEqual([]);
    expect(takes).toBeLessThanOrEqual(3);
  });

  it('takes from the shared bucket once for operations that find the reservation short at the same time', async () => {
    let takes = 0;
    const budget = new CostBudget(
      {
        take: async (_project, need, want) => {
          takes += 1;
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { granted: Math.max(need, want), available: 1000 };
        },
      },
      { maximumAvailable: 1000, restoreRate: 100 },
    );
    const charges = await Promise.all(Array.from({ length: 10 }, () => budget.charge('p', 10)));
    expect(charges.every((charge) => charge.granted)).toBe(true);
    expect(takes).toBe(1);
  });
});

/**
 * Creates an order, then `count` more, and waits until the feed shows them all: answers the first order's
 * event id, after which a subscription replays the `count` others.
 */
async function ordersCreatedAfter(app: TestApp, apiKey: string, count: number): Promise<string> {
  const rest = restClient(app.baseUrl, apiKey);
  for (let i = 0; i <= count; i++) await rest.post('/v1/orders/', buildOrder());
  const events = await eventually(async () => {
    const { body } = await rest.get<{ events: { id: string }[] }>('/v1/events/?type=order.created&limit=100');
    return body.events.length === count + 1 ? body.events : undefined;
  });
  return events[0]!.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Values for a document's required variables that are not in the common set (dates, names, inputs). */
function requiredVariables(text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name, type] of text.matchAll(/\$(\w+): (\[?\w+!?\]?!?)/g)) {
    if (!type!.endsWith('!')) continue;
    if (type!.startsWith('DateTime')) values[name!] = '2026-11-01T00:00:00Z';
    else if (type!.startsWith('String')) values[name!] = 'UTC';
    else if (type!.startsWith('ID')) values[name!] = '00000000-0000-0000-0000-000000000000';
    else if (type!.startsWith('SafeInt') || type!.startsWith('Int')) values[name!] = 1;
    else if (type!.startsWith('Role')) values[name!] = 'VIEWER';
    else if (type!.startsWith('[')) values[name!] = [];
    else values[name!] = {};
  }
  return values;
}
