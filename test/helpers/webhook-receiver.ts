import http from 'node:http';

export interface ReceivedWebhook {
  /** Milliseconds since the epoch when the request arrived. */
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver does with the n-th request (0-based): answer it, or leave it hanging. */
export type Respond = (request: ReceivedWebhook, index: number, response: http.ServerResponse) => void;

export const answer =
  (status: number, body = '') =>
  (_request: ReceivedWebhook, _index: number, response: http.ServerResponse) =>
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every webhook it gets. */
export async function startReceiver(respond: Respond = answer(200, 'ok')): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const webhook: ReceivedWebhook = {
        at: Date.now(),
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(webhook);
      respond(webhook, received.length - 1, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    waitFor: async (count, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhook(s) within ${timeoutMs} ms, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
