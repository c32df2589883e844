import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/**
 * Subscribers for the fan-out bench, in a process of their own (never the server's): `count` sockets, either
 * graphql-ws clients subscribed to the project's order status changes, or plain `ws` sockets of the broadcast
 * reference. Every message's arrival (wall clock, so comparable with the producer's clock) is recorded under
 * its key: the order id, or the reference message's id.
 *
 * IPC: `open` → `opened`; `reset` → `reset-done`; `count` → `count`; `report` → `report`; `close` → exits.
 */
interface OpenCommand {
  type: 'open';
  mode: 'graphql-ws' | 'ws';
  url: string;
  count: number;
  apiKey?: string;
  query?: string;
}

let arrivals = new Map<string, number[]>();
let messages = 0;
let messageBytes = 0;
const closers: (() => void)[] = [];

/**
 * Records an arrival. `bytes` is asked for only with a key's first message (the same change has the same
 * message on every socket): these processes share the machine with the server, so they spend nothing per
 * message that the figures do not need.
 */
function arrived(key: string, bytes: () => number): void {
  const at = Date.now();
  messages += 1;
  const list = arrivals.get(key);
  if (list) list.push(at);
  else {
    messageBytes = bytes();
    arrivals.set(key, [at]);
  }
}

function openGraphqlWs(command: OpenCommand): Promise<boolean> {
  return new Promise((resolve) => {
    const client = createClient({
      url: command.url,
      webSocketImpl: WebSocket,
      connectionParams: { apiKey: command.apiKey },
      lazy: false,
      retryAttempts: 0,
      // The server may be busy for a long while under fan-out; a socket it has not acknowledged yet is not dead.
      connectionAckWaitTimeout: 120_000,
      on: { connected: () => resolve(true), closed: () => resolve(false), error: () => resolve(false) },
    });
    client.subscribe(
      { query: command.query! },
      {
        next: (result) => {
          const order = (result.data as { orderStatusChanged?: { id: string } } | null)?.orderStatusChanged;
          // graphql-ws sends {"id":"…","type":"next","payload":…}: the payload plus about 45 bytes of envelope.
          arrived(order?.id ?? '?', () => JSON.stringify(result).length + 45);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    closers.push(() => void client.dispose());
  });
}

function openWs(command: OpenCommand): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(command.url);
    socket.on('open', () => resolve(true));
    socket.on('error', () => resolve(false));
    socket.on('message', (data: Buffer) => {
      arrived(JSON.parse(data.toString('utf8')).id, () => data.length);
    });
    closers.push(() => socket.terminate());
  });
}

process.on('message', async (message: OpenCommand | { type: 'reset' | 'count' | 'report' | 'close' }) => {
  switch (message.type) {
    case 'open': {
      const open = message.mode === 'graphql-ws' ? openGraphqlWs : openWs;
      // Open in batches so a server does not see thousands of handshakes in the same millisecond.
      let connected = 0;
      for (let start = 0; start < message.count; start += 100) {
        const batch = Array.from({ length: Math.min(100, message.count - start) }, () => open(message));
        connected += (await Promise.all(batch)).filter(Boolean).length;
      }
      process.send!({ type: 'opened', connected, failed: message.count - connected });
      break;
    }
    case 'reset':
      arrivals = new Map();
      messages = 0;
      process.send!({ type: 'reset-done' });
      break;
    case 'count':
      process.send!({ type: 'count', messages, messageBytes });
      break;
    case 'report':
      process.send!({ type: 'report', messages, messageBytes, arrivals: [...arrivals] });
      break;
    case 'close':
      for (const close of closers.splice(0)) close();
      process.send!({ type: 'closed' });
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
