import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for subscription fan-out: a bare `ws` server that, on `POST /broadcast?id=…&size=…`, answers 200
 * and then sends one message of `size` bytes carrying the id to every open socket, like a status change
 * committed and then fanned out. No protocol, no authentication, no database: the floor of broadcasting.
 */
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'POST' || url.pathname !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  const message = paddedMessage(url.searchParams.get('id') ?? '', Number(url.searchParams.get('size') ?? 0));
  response.writeHead(200).end();
  setImmediate(() => {
    for (const socket of sockets.clients) socket.send(message);
  });
});
const sockets = new WebSocketServer({ server, path: '/graphql' });

/** `{"id":"…","pad":"xxx…"}` padded to `size` bytes, so it is as large as the project's message. */
function paddedMessage(id: string, size: number): string {
  const bare = JSON.stringify({ id, pad: '' });
  return JSON.stringify({ id, pad: 'x'.repeat(Math.max(0, size - bare.length)) });
}

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  announce(`http://127.0.0.1:${port}`);
});
stopOn(async () => {
  for (const socket of sockets.clients) socket.terminate();
  sockets.close();
  server.close();
});
