import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CloseCode,
  type ConnectionInitMessage,
  DEPRECATED_GRAPHQL_WS_PROTOCOL,
  handleProtocols,
  makeServer,
  type ServerOptions,
} from 'graphql-ws';
import type { Logger } from 'pino';
import type { WebSocket, WebSocketServer } from 'ws';

/** What every operation's context gets besides the caller's own extras (as in `graphql-ws/use/ws`). */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** Bytes a socket may have waiting to be written before a message waits for them to go out. */
const HIGH_WATER_BYTES = 64 * 1024;
/** How often a socket is pinged, and how long its pong may take (graphql-ws's own default). */
const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws's protocol server on a `ws` server: `graphql-ws/use/ws` (whose documentation invites copying it to
 * adjust it), with two differences for fan-out.
 *
 * - A message does not wait until it is flushed to the kernel before the subscription may send its next one;
 *   it waits only while the socket has more than HIGH_WATER_BYTES queued. A subscriber that does not read thus
 *   still holds its subscription back (its events queue in the feed, which ends it with close code 4008 past
 *   SUBSCRIPTION_MAX_BEHIND), and one that reads is never waited for.
 * - The messages a socket gets in one turn of the event loop go out in one write (the socket is corked until the
 *   turn ends): several status changes fanned out together cost one system call per socket, not one each.
 */
export function serveGraphQLWs<
  P extends ConnectionInitMessage['payload'],
  E extends Record<PropertyKey, unknown>,
>(
  options: ServerOptions<P, SocketExtra & Partial<E>>,
  wss: WebSocketServer,
  settings: { production: boolean; logger: Logger },
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  const internalError = (socket: WebSocket, error: unknown) => {
    settings.logger.error({ err: error }, 'GraphQL WebSocket failed');
    socket.close(
      CloseCode.InternalServerError,
      settings.production
        ? 'Internal server error'
        : String((error as Error)?.message ?? error).slice(0, 120),
    );
  };
  wss.once('error', (error) => {
    settings.logger.error({ err: error }, 'GraphQL WebSocket server failed');
    for (const client of wss.clients) client.close(CloseCode.InternalServerError, 'Internal server error');
  });

  wss.on('connection', (socket, request) => {
    socket.once('error', (error) => internalError(socket, error));
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);

    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) => {
          if (socket.readyState !== socket.OPEN) return;
          corkForThisTurn(socket);
          if (socket.bufferedAmount <= HIGH_WATER_BYTES) {
            socket.send(data);
            return;
          }
          return new Promise<void>((resolve, reject) =>
            socket.send(data, (error) => (error ? reject(error) : resolve())),
          );
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (message) => {
            const text = String(message);
            const serverOnly = serverOnlyTypeOf(text);
            if (serverOnly) {
              // graphql-ws throws on these instead of closing as for other invalid messages: the client's fault.
              socket.close(CloseCode.BadRequest, `Unexpected message of type ${serverOnly} received`);
              return;
            }
            try {
              await handle(text);
            } catch (error) {
              internalError(socket, error);
            }
          }),
      },
      { socket, request } as SocketExtra & Partial<E>,
    );

    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      if (code === CloseCode.SubprotocolNotAcceptable && socket.protocol === DEPRECATED_GRAPHQL_WS_PROTOCOL) {
        settings.logger.warn('a client used the deprecated subscriptions-transport-ws protocol');
      }
      void closed(code, String(reason));
    });
  });

  return {
    dispose: async () => {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
      await new Promise<void>((resolve, reject) => wss.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The connection under each WebSocket, from the upgrade (`upgraded`): what is corked. */
const connections = new WeakMap<WebSocket, Duplex>();

/** Records the connection a WebSocket was upgraded from (call it in `handleUpgrade`'s callback). */
export function upgraded(socket: WebSocket, connection: Duplex): void {
  connections.set(socket, connection);
}

/** Connections corked in this turn of the event loop; uncorked (written, one system call each) when it ends. */
const corked = new Set<Duplex>();

function corkForThisTurn(socket: WebSocket): void {
  const connection = connections.get(socket);
  if (!connection || corked.has(connection)) return;
  connection.cork();
  corked.add(connection);
  if (corked.size === 1) setImmediate(uncorkAll);
}

function uncorkAll(): void {
  for (const connection of corked) connection.uncork();
  corked.clear();
}

/** Messages only a server sends (graphql-ws protocol): a client sending one is refused 4400. */
const SERVER_ONLY_TYPES: ReadonlySet<string> = new Set(['connection_ack', 'next', 'error']);

/** The type of a client message that only a server may send, or null (any other message, valid or not). */
function serverOnlyTypeOf(text: string): string | null {
  // Only a message that names such a type needs parsing here; graphql-ws parses and checks every message.
  if (!/"type"\s*:\s*"(connection_ack|next|error)"/.test(text)) return null;
  try {
    const type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    return typeof type === 'string' && SERVER_ONLY_TYPES.has(type) ? type : null;
  } catch {
    return null;
  }
}
