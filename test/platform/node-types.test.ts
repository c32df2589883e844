import { buildOwnCheckoutOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { type GraphQLResponse, graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { statementLog } from '../helpers/statement-log.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;
type Gql = <T = Json>(query: string, variables?: Json) => Promise<GraphQLResponse<T>>;

const NODE_FIELDS = `__typename id
  ... on Event { type orderId }
  ... on WebhookDelivery { orderId eventId status attempts { number httpStatus } }
  ... on ApiKey { label prefix active }
  ... on User { email role }`;
const NODE = `query($id: ID!) { node(id: $id) { ${NODE_FIELDS} } }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { ${NODE_FIELDS} } }`;

/** One project's objects of every kind `node(id:)` finds, and callers of each kind. */
interface Fixture {
  project: SeededProject;
  orderId: string;
  transactionId: string;
  eventId: string;
  deliveryId: string;
  keyId: string;
  userId: string;
  admin: Gql;
  developer: Gql;
  viewer: Gql;
  apiKey: Gql;
}

/**
 * `node(id:)` and `nodes(ids:)` for events, webhook deliveries, API keys and users (issue 14 point 7), over real
 * HTTP. Objects are made by an app with workers (the webhook relay); statements are counted on a second app on
 * the same database without workers, so nothing but the request itself uses its pool.
 */
describe('node lookup of events, deliveries, keys and users', () => {
  let writer: TestApp;
  let reader: TestApp;
  let receiver: WebhookReceiver;
  let mine: Fixture;
  let theirs: Fixture;

  async function fixture(name: string): Promise<Fixture> {
    const project = await seedProject(writer, { name, webhookUrl: `${receiver.url}/hook` });
    const { body: order } = await restClient(writer.baseUrl, project.apiKey).post<Json>(
      '/v1/orders/',
      buildOwnCheckoutOrder(),
    );
    await cancelOrder(writer.runtime.services.orm, order.id);
    const session = async (role: 'admin' | 'developer' | 'viewer') => {
      const user = await seedUser(writer, project.projectId, role);
      return {
        user,
        gql: sessionGraphql(reader.baseUrl, await signIn(reader.baseUrl, user.email, user.password)),
      };
    };
    const admin = await session('admin');
    const developer = await session('developer');
    const viewer = await session('viewer');
    const apiKey = graphqlClient(reader.baseUrl, project.apiKey) as Gql;
    const events = await apiKey<Json>(
      'query($o: ID!) { events(filter: { orderId: $o }) { edges { node { id } } } }',
      {
        o: order.id,
      },
    );
    const delivery = await eventually(async () => {
      const { data } = await apiKey<Json>(
        '{ webhookDeliveries(filter: { state: SUCCEEDED }) { edges { node { id } } } }',
      );
      return data?.webhookDeliveries.edges[0]?.node.id as string | undefined;
    }, 20_000);
    const keys = await developer.gql<Json>('{ apiKeys { id } }');
    return {
      project,
      orderId: order.id,
      transactionId: order.transactions[0].id,
      eventId: events.data!.events.edges[0].node.id,
      deliveryId: delivery,
      keyId: keys.data!.apiKeys[0].id,
      userId: admin.user.userId,
      admin: admin.gql as Gql,
      developer: developer.gql as Gql,
      viewer: viewer.gql as Gql,
      apiKey,
    };
  }

  beforeAll(async () => {
    writer = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
    reader = await startTestApp({
      ...SESSIONS_SEND_ANY_DOCUMENT,
      DATABASE_URL: writer.databaseUrl,
      JOBS_ENABLED: 'false',
    });
    receiver = await startReceiver();
    mine = await fixture('My shop');
    theirs = await fixture('Their shop');
  }, 60_000);
  afterAll(async () => {
    await reader?.stop();
    await writer?.stop();
    await receiver?.close();
  });

  const data = async (gql: Gql, query: string, variables: Json = {}) => {
    const response = await gql<Json>(query, variables);
    expect(response.errors).toBeUndefined();
    return response.data!;
  };
  const node = async (gql: Gql, id: string) => (await data(gql, NODE, { id })).node;

  it('finds an event by id as event(id:) does', async () => {
    const { event } = await data(mine.apiKey, 'query($id: ID!) { event(id: $id) { id type orderId } }', {
      id: mine.eventId,
    });
    expect(await node(mine.apiKey, mine.eventId)).toEqual({ __typename: 'Event', ...event });
    expect(event.orderId).toBe(mine.orderId);
  });

  it('finds a webhook delivery by id with its attempts, as the delivery log lists it', async () => {
    const found = await node(mine.viewer, mine.deliveryId);
    expect(found).toEqual({
      __typename: 'WebhookDelivery',
      id: mine.deliveryId,
      orderId: mine.orderId,
      eventId: expect.any(String),
      status: 'SUCCEEDED',
      attempts: [{ number: 1, httpStatus: 200 }],
    });
    expect(receiver.received.some((webhook) => webhook.headers['webhook-id'] === found.eventId)).toBe(true);
  });

  it('finds an API key by id for a signed-in developer, as apiKeys lists it', async () => {
    const { apiKeys } = await data(mine.developer, '{ apiKeys { id label prefix active } }');
    const listed = apiKeys.find((key: Json) => key.id === mine.keyId);
    expect(await node(mine.developer, mine.keyId)).toEqual({ __typename: 'ApiKey', ...listed });
    expect(await node(mine.admin, mine.keyId)).toEqual({ __typename: 'ApiKey', ...listed });
    expect(mine.project.apiKey.startsWith(listed.prefix)).toBe(true);
  });

  it('finds a user by id for a signed-in admin, as users lists it', async () => {
    const { users } = await data(mine.admin, '{ users { id email role } }');
    const listed = users.find((user: Json) => user.id === mine.userId);
    expect(listed).toMatchObject({ role: 'ADMIN' });
    expect(await node(mine.admin, mine.userId)).toEqual({ __typename: 'User', ...listed });
  });

  it("answers null for another project's event, delivery, key and user, like an unknown id", async () => {
    const ids = [theirs.eventId, theirs.deliveryId, theirs.keyId, theirs.userId];
    for (const id of [...ids, '5f1c0000-0000-4000-8000-000000000000']) {
      expect(await node(mine.admin, id)).toBeNull();
    }
    expect((await data(mine.admin, NODES, { ids })).nodes).toEqual([null, null, null, null]);
    // Each is found by its own project's admin.
    expect((await data(theirs.admin, NODES, { ids })).nodes.map((n: Json) => n?.__typename)).toEqual([
      'Event',
      'WebhookDelivery',
      'ApiKey',
      'User',
    ]);
  });

  it('gives keys and users only to the callers their own lists admit, and null to everyone else', async () => {
    const ids = [mine.eventId, mine.deliveryId, mine.keyId, mine.userId];
    const typesFor = async (gql: Gql) =>
      (await data(gql, NODES, { ids })).nodes.map((n: Json | null) => n?.__typename ?? null);
    const lists = async (gql: Gql) => ({
      apiKeys: (await gql('{ apiKeys { id } }')).errors?.[0]?.extensions?.code ?? 'ok',
      users: (await gql('{ users { id } }')).errors?.[0]?.extensions?.code ?? 'ok',
    });

    expect(await typesFor(mine.admin)).toEqual(['Event', 'WebhookDelivery', 'ApiKey', 'User']);
    expect(await lists(mine.admin)).toEqual({ apiKeys: 'ok', users: 'ok' });

    expect(await typesFor(mine.developer)).toEqual(['Event', 'WebhookDelivery', 'ApiKey', null]);
    expect(await lists(mine.developer)).toEqual({ apiKeys: 'ok', users: 'FORBIDDEN' });

    expect(await typesFor(mine.viewer)).toEqual(['Event', 'WebhookDelivery', null, null]);
    expect(await lists(mine.viewer)).toEqual({ apiKeys: 'FORBIDDEN', users: 'FORBIDDEN' });

    expect(await typesFor(mine.apiKey)).toEqual(['Event', 'WebhookDelivery', null, null]);
    expect(await lists(mine.apiKey)).toEqual({ apiKeys: 'FORBIDDEN', users: 'FORBIDDEN' });
  });

  describe('statements', () => {
    /** Statement names, sorted. Callers are signed-in users whose session the credential cache already holds. */
    const shapes = (statements: string[]) =>
      statements.map((statement) => statement.replace(/: .*$/s, '')).sort();
    /**
     * One read per node type, each type once: these types' reads among them (other modules' node types, e.g.
     * payment links, add their own read beside them).
     */
    const expectOneReadPerType = (statements: string[], expected: string[], absent: string[] = []) => {
      const names = shapes(statements);
      expect(new Set(names).size).toBe(names.length);
      expect(names.filter((name) => [...expected, ...absent].includes(name))).toEqual(expected);
      expect(names.every((name) => /^[a-z_]+\.[a-z_]+$/.test(name))).toBe(true);
    };

    it('reads each type once in a mixed nodes call, scoped to the project', async () => {
      const log = await statementLog(reader);
      const ids = [
        mine.orderId,
        mine.transactionId,
        mine.eventId,
        mine.deliveryId,
        mine.keyId,
        mine.userId,
        theirs.eventId,
        theirs.keyId,
        mine.eventId,
        'nope',
      ];
      await data(mine.admin, '{ viewer { role } }'); // the session is looked up once, then cached
      let nodes: (Json | null)[] = [];
      const statements = await log.during(async () => {
        nodes = (await data(mine.admin, NODES, { ids })).nodes;
      });
      expect(nodes.map((n) => n?.__typename ?? null)).toEqual([
        'Order',
        'Transaction',
        'Event',
        'WebhookDelivery',
        'ApiKey',
        'User',
        null,
        null,
        'Event',
        null,
      ]);
      expectOneReadPerType(statements, [
        'events.find_many',
        'identity.find_api_keys',
        'identity.find_users',
        'orders.read_transaction_views',
        'orders.read_views_many',
        'webhooks.find_deliveries',
      ]);
      const bound = log.values.filter((_, index) =>
        /find_(many|api_keys|users|deliveries)/.test(statements[index]!),
      );
      for (const values of bound) expect(values[0]).toBe(mine.project.projectId);
    });

    it('does not read keys or users at all for a caller that may not list them', async () => {
      const log = await statementLog(reader);
      const ids = [mine.eventId, mine.deliveryId, mine.keyId, mine.userId];
      await data(mine.viewer, '{ viewer { role } }');
      const statements = await log.during(() => data(mine.viewer, NODES, { ids }));
      expectOneReadPerType(
        statements,
        [
          'events.find_many',
          'orders.read_transaction_views',
          'orders.read_views_many',
          'webhooks.find_deliveries',
        ],
        ['identity.find_api_keys', 'identity.find_users'],
      );
    });
  });
});
