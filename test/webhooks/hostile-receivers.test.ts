import { once } from 'node:events';
import net, { type AddressInfo, type Socket } from 'node:net';
import { postWebhook } from '../../src/modules/webhooks/delivery/http-post.ts';
import type { TargetPolicy } from '../../src/platform/security/outbound-targets.ts';

const test: TargetPolicy = { projectMode: 'test', allowPrivateTargets: false };

/** A receiver that answers every connection with `behave` (raw TCP: what no well-behaved HTTP server sends). */
async function rawReceiver(behave: (socket: Socket) => void): Promise<{ url: string; close(): void }> {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', () => behave(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

const attempt = (url: string) =>
  postWebhook({
    url,
    body: '{}',
    headers: { 'content-type': 'application/json' },
    timeoutMs: 2000,
    policy: test,
  });

/**
 * Receivers that answer what no webhook receiver should: each attempt still ends with an outcome, so it gives
 * back its place among the deliveries in flight (an attempt that never settled held it for good, and enough of
 * them stopped every project's webhooks).
 */
describe('an attempt to a hostile receiver', () => {
  it('ends as a failed HTTP 101 when the receiver switches protocols', async () => {
    const receiver = await rawReceiver((socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
    );
    try {
      expect(await attempt(receiver.url)).toMatchObject({
        ok: false,
        httpStatus: 101,
        errorKind: 'http_status',
      });
    } finally {
      receiver.close();
    }
  });

  it('counts a 200 as delivered even when the receiver resets the connection after it', async () => {
    const receiver = await rawReceiver((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nok');
      setTimeout(() => socket.resetAndDestroy(), 50);
    });
    try {
      expect(await attempt(receiver.url)).toMatchObject({ ok: true, httpStatus: 200, errorKind: null });
    } finally {
      receiver.close();
    }
  });

  it('ends as a read timeout when the receiver takes the request and never answers', async () => {
    const receiver = await rawReceiver(() => undefined);
    try {
      expect(await attempt(receiver.url)).toMatchObject({ ok: false, errorKind: 'read_timeout' });
    } finally {
      receiver.close();
    }
  });
});
