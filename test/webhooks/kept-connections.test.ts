import http from 'node:http';
import type { Socket } from 'node:net';
import { postWebhook } from '../../src/modules/webhooks/delivery/http-post.ts';
import type { TargetPolicy } from '../../src/platform/security/outbound-targets.ts';

const test: TargetPolicy = { projectMode: 'test', allowPrivateTargets: false };

/** A receiver that counts the connections it accepted and the requests on each; `onRequest` may answer. */
async function countingReceiver(
  onRequest: (socket: Socket, nth: number, response: http.ServerResponse) => void,
  host = '127.0.0.1',
) {
  const requestsOn = new Map<Socket, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const socket = request.socket;
      const nth = (requestsOn.get(socket) ?? 0) + 1;
      requestsOn.set(socket, nth);
      onRequest(socket, nth, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => requestsOn.size,
    requests: () => [...requestsOn.values()].reduce((sum, n) => sum + n, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const post = (url: string, resolve?: (host: string) => Promise<{ address: string; family: number }[]>) =>
  postWebhook(
    { url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 2000, policy: test },
    { resolve },
  );

describe('webhook connections', () => {
  it('are kept for the next attempt to the same checked address', async () => {
    const receiver = await countingReceiver((_socket, _nth, response) => response.writeHead(200).end('ok'));
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(await post(receiver.url)).toMatchObject({ ok: true, httpStatus: 200, responseExcerpt: 'ok' });
      }
      expect(receiver.requests()).toBe(5);
      expect(receiver.connections()).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('are never reused for a name that now resolves to another address', async () => {
    // On every local address: 127.0.0.1 and 127.0.0.2 reach it.
    const receiver = await countingReceiver(
      (_socket, _nth, response) => response.writeHead(200).end('ok'),
      '0.0.0.0',
    );
    try {
      const port = new URL(receiver.url).port;
      const at = (address: string) => async () => [{ address, family: 4 }];
      expect(await post(`http://hooks.shop.example:${port}/hook`, at('127.0.0.1'))).toMatchObject({
        ok: true,
      });
      // The same name, rebound to another (allowed) address: a new connection, to that address.
      expect(await post(`http://hooks.shop.example:${port}/hook`, at('127.0.0.2'))).toMatchObject({
        ok: true,
      });
      expect(receiver.connections()).toBe(2);
    } finally {
      await receiver.close();
    }
  });

  it('send a request again on a new connection when the kept one is closed under it', async () => {
    // Answers the first request of each connection and drops the connection on its second, unanswered.
    const receiver = await countingReceiver((socket, nth, response) => {
      if (nth === 1) response.writeHead(200).end('ok');
      else socket.destroy();
    });
    try {
      expect(await post(receiver.url)).toMatchObject({ ok: true });
      expect(await post(receiver.url)).toMatchObject({ ok: true, httpStatus: 200, errorKind: null });
      expect(receiver.connections()).toBe(2);
      expect(receiver.requests()).toBe(3);
    } finally {
      await receiver.close();
    }
  });

  it('are not kept when the reply is not read to its end', async () => {
    const receiver = await countingReceiver((_socket, _nth, response) =>
      response.writeHead(200).end('x'.repeat(64 * 1024)),
    );
    try {
      expect(await post(receiver.url)).toMatchObject({ ok: true, httpStatus: 200 });
      expect(await post(receiver.url)).toMatchObject({ ok: true, httpStatus: 200 });
      expect(receiver.connections()).toBe(2);
    } finally {
      await receiver.close();
    }
  });
});
