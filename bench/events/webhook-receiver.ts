import { createServer } from 'node:http';

/**
 * A merchant's webhook receiver that answers 200 at once, in its own process so what it records (arrival
 * times, wall clock) is not delayed by the load it is measured under. Records the first arrival of each
 * order id and counts every request.
 *
 * IPC: `{ type: 'reset' }`, `{ type: 'count' }` → `{ type: 'count', requests, orders }`,
 * `{ type: 'report' }` → `{ type: 'report', requests, first: [orderId, ms][], times: number[] }`.
 */
let requests = 0;
let times: number[] = [];
let first = new Map<string, number>();

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const at = Date.now();
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    requests += 1;
    times.push(at);
    try {
      const orderId = JSON.parse(Buffer.concat(chunks).toString('utf8')).order_id;
      if (typeof orderId === 'string' && !first.has(orderId)) first.set(orderId, at);
    } catch {
      // Not JSON: counted, not attributed.
    }
  });
});
server.keepAliveTimeout = 72_000;

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    requests = 0;
    times = [];
    first = new Map();
    process.send!({ type: 'reset-done' });
  } else if (message.type === 'count') {
    process.send!({ type: 'count', requests, orders: first.size });
  } else if (message.type === 'report') {
    process.send!({ type: 'report', requests, first: [...first], times });
  }
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  process.send!({ type: 'listening', url: `http://127.0.0.1:${port}/webhooks` });
});
