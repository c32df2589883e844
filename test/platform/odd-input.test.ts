import WebSocket from 'ws';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '../../src/platform/graphql/websocket.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { liveClient, subscriptionSettled } from '../helpers/graphql-ws.ts';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * Inputs a fuzzing run found answered as our fault (HTTP 500, an internal GraphQL error, a database "outage", a
 * WebSocket closed 4500) or in a body other than the API's: each is the caller's mistake, answered as such, and
 * none is logged as an internal error.
 */
describe('odd input, answered as the caller’s mistake', () => {
  let app: TestApp;
  let project: SeededProject;
  let gql: ReturnType<typeof graphqlClient>;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const errorLines = () =>
    app.logs.map((line) => JSON.parse(line) as Json).filter((line) => (line.level as number) >= 50);
  let errorsBefore = 0;
  beforeEach(() => {
    errorsBefore = errorLines().length;
  });
  afterEach(() => {
    expect(errorLines().slice(errorsBefore)).toEqual([]);
  });

  it('answers a GraphQL document whose operation cannot be chosen with 400', async () => {
    const several = await gql('query A { __typename } query B { __typename }');
    const unknown = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(project.apiKey) },
      body: JSON.stringify({ query: 'query A { __typename }', operationName: 'Z' }),
    });
    expect(several.status).toBe(400);
    expect(several.errors?.[0]?.message).toMatch(/operation name/i);
    expect(unknown.status).toBe(400);
  });

  it('refuses a DateTime outside the years 0001-9999 as a bad argument', async () => {
    for (const since of ['0000-01-01T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
      const answer = await gql(
        'query ($since: DateTime) { auditLog(filter: {since: $since}) { edges { cursor } } }',
        {
          since,
        },
      );
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toContain('years 1-9999');
    }
    const literal = await gql(
      '{ webhookDeliveries(filter: {since: "0000-01-01T00:00:00Z"}) { totalCount } }',
    );
    expect(literal.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a NUL in the audit log filter as input, not as a database outage', async () => {
    const answer = await gql(
      'query ($id: ID) { auditLog(filter: {principalId: $id}) { edges { cursor } } }',
      {
        id: 'a\u0000b',
      },
    );
    expect(answer.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      message: expect.stringContaining('NUL'),
    });
  });

  it('answers a path with a bad percent-escape in the API’s error body', async () => {
    const response = await fetch(`${app.baseUrl}/v1/events/%ZZ/`, {
      headers: { authorization: basicAuth(project.apiKey) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { status: 400, type: 'invalid_request', value: expect.stringContaining('percent-escape') },
    });
  });

  it('answers a method a route does not take with 405 and Allow, and an unknown path with 404', async () => {
    const call = (method: string, path: string) =>
      fetch(`${app.baseUrl}${path}`, { method, headers: { authorization: basicAuth(project.apiKey) } });
    const deleted = await call('DELETE', '/v1/orders/00000000-0000-4000-8000-000000000000/');
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET, HEAD, PUT');
    expect(await deleted.json()).toEqual({
      error: { status: 405, type: 'method_not_allowed', value: expect.stringContaining('GET, HEAD, PUT') },
    });
    const search = await call('GET', '/v1/search/orders/');
    expect([search.status, search.headers.get('allow')]).toEqual([405, 'POST']);
    expect((await call('GET', '/v1/no-such-thing/')).status).toBe(404);
  });

  it('closes a WebSocket whose client sends a message only a server sends with 4400', async () => {
    for (const type of ['next', 'connection_ack']) {
      const socket = new WebSocket(`${app.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('message', () => socket.send(JSON.stringify({ type, id: '1', payload: {} })));
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: project.apiKey } }));
      expect(await closed).toBe(4400);
    }
  });

  it('answers a subscription with a variable the schema refuses, over WebSocket, without an internal error', async () => {
    const live = liveClient(app.baseUrl, { apiKey: project.apiKey });
    try {
      await live.connected;
      const events = live.subscribe('subscription ($t: [EventType!]) { events(types: $t) { id } }', {
        t: ['NOPE'],
      });
      await eventually(() => events.errors.length > 0, 5000, 'the refusal');
      expect(JSON.stringify(events.errors)).toContain('NOPE');
      expect(JSON.stringify(events.errors)).toContain('BAD_USER_INPUT');
      // Logged (if at all) as it was answered, before the refusal reached the client.
      expect(errorLines().slice(errorsBefore)).toEqual([]);
    } finally {
      await live.dispose();
    }
  });

  it(`refuses a subscription beyond ${MAX_SUBSCRIPTIONS_PER_SOCKET} open on one connection, until one completes`, async () => {
    const live = liveClient(app.baseUrl, { apiKey: project.apiKey });
    try {
      await live.connected;
      const open = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, () =>
        live.subscribe('subscription { orderCreated { id } }'),
      );
      await subscriptionSettled();
      const extra = live.subscribe('subscription { orderCreated { id } }');
      await eventually(() => extra.errors.length > 0, 5000, 'the refusal');
      expect(JSON.stringify(extra.errors)).toContain('TOO_MANY_SUBSCRIPTIONS');
      expect(open.every((subscription) => subscription.errors.length === 0)).toBe(true);
      open[0]!.stop();
      await subscriptionSettled();
      const again = live.subscribe('subscription { orderCreated { id } }');
      await subscriptionSettled();
      expect(again.errors).toEqual([]);
    } finally {
      await live.dispose();
    }
  });
});
