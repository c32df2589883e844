import { once } from 'node:events';
import net from 'node:net';
import { seedProject } from '../factories/project.ts';
import { sql, waitingOnLock, whileLocked } from '../helpers/database.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

/**
 * A client has REQUEST_TIMEOUT_SECONDS to send a whole request (platform/http/server.ts): one that trickles its
 * body or its headers a few bytes at a time (slowloris) is answered 408 in the API's error body and its
 * connection closed, where it could hold the connection for ever before. What is not a request being sent is left
 * alone: a request the server takes long to answer, a keep-alive connection between requests, a WebSocket.
 */
describe('clients that send their requests slowly', () => {
  let app: TestApp;
  let apiKey: string;
  const port = () => Number(new URL(app.baseUrl).port);

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false', REQUEST_TIMEOUT_SECONDS: '1' });
    apiKey = (await seedProject(app)).apiKey;
  });
  afterAll(async () => {
    await app.stop();
  });

  /**
   * Opens a connection, writes `head`, then `drip` every 200 ms until the server closes the connection or
   * `giveUpMs` passes; answers what the server sent and how long the connection lasted.
   */
  async function trickle(head: string, drip: string, giveUpMs = 8000) {
    const socket = net.connect(port(), '127.0.0.1');
    await once(socket, 'connect');
    const started = performance.now();
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => undefined);
    socket.write(head);
    // Drips until the server answers, as a slow client would.
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable && received === '') socket.write(drip);
    }, 200);
    // Resolved by the close however it came (a reset too: what was answered before it has been read).
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const gaveUp = new Promise((resolve) => setTimeout(resolve, giveUpMs));
    await Promise.race([closed, gaveUp]);
    clearInterval(timer);
    const open = !socket.destroyed;
    socket.destroy();
    return { received, open, ms: performance.now() - started };
  }

  const bodyOf = (received: string) => JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));

  it('answers a body trickled past the limit 408 in the error body, and closes the connection', async () => {
    const reference = `slow-${Date.now()}`;
    const body = JSON.stringify({ amount: 100, currency: 'EUR', merchant_order_id: reference });
    const { received, open, ms } = await trickle(
      `POST /v1/orders/ HTTP/1.1\r\nHost: gateway\r\nAuthorization: ${basicAuth(apiKey)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
      ' ',
    );

    expect(open).toBe(false);
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4000);
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(received).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/i);
    expect(bodyOf(received)).toEqual({
      error: { status: 408, type: 'request_timeout', value: 'The request was not sent in time' },
    });
    expect(
      await sql(app.databaseUrl, 'select id from orders where merchant_order_id = $1', [reference]),
    ).toEqual([]);
  });

  it('answers headers trickled past the limit 408, and closes the connection', async () => {
    const { received, open } = await trickle(
      'GET /health/live HTTP/1.1\r\nHost: gateway\r\n',
      'X-Drip: 1\r\n',
    );

    expect(open).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(received).error.type).toBe('request_timeout');
  });

  it('answers a connection that sends nothing 408 once the limit passed, and closes it', async () => {
    const { received, open, ms } = await trickle('', '');

    expect(open).toBe(false);
    expect(ms).toBeLessThan(4000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(received).error.type).toBe('request_timeout');
  });

  it('answers bytes that are not HTTP 400 in the error body', async () => {
    const { received, open } = await trickle('HELLO WORLD\r\n\r\n', '', 3000);

    expect(open).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bodyOf(received)).toEqual({
      error: { status: 400, type: 'invalid_request', value: 'The request is not valid HTTP' },
    });
  });

  // A table lock holds the create at its write for 1.5 s: the request arrived whole, so it is answered.
  it('answers a request that the server takes longer than the limit to answer', async () => {
    const rest = restClient(app.baseUrl, apiKey);
    const created = await whileLocked(app.databaseUrl, 'orders', 'share', async () => {
      const answer = rest.post<Json>('/v1/orders/', { amount: 100, currency: 'EUR' });
      await eventually(
        async () => (await waitingOnLock(app.databaseUrl, 'insert into orders')) === 1,
        15_000,
        'the create waiting',
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return { answer };
    });
    expect((await created.answer).status).toBe(201);
  });

  it('keeps a keep-alive connection open between requests for longer than the limit', async () => {
    const socket = net.connect(port(), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      received += chunk;
    });
    const request = 'GET /health/live HTTP/1.1\r\nHost: gateway\r\n\r\n';
    socket.write(request);
    await eventually(() => received.includes('\r\n\r\n'), 5000, 'the first answer');
    await new Promise((resolve) => setTimeout(resolve, 1800));
    received = '';
    socket.write(request);
    await eventually(() => received.includes('\r\n\r\n'), 5000, 'the second answer');
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    socket.destroy();
  });

  it('keeps a GraphQL WebSocket open for longer than the limit', async () => {
    const live = liveClient(app.baseUrl, { apiKey });
    try {
      await live.connected;
      const closedEarly = await Promise.race([
        live.closed.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2500)),
      ]);
      expect(closedEarly).toBe(false);
      const answer = live.subscribe<{ __typename: string }>('{ __typename }');
      expect(await answer.waitFor(1, 5000)).toEqual([{ __typename: 'Query' }]);
    } finally {
      await live.dispose();
    }
  });
});
