import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Actor } from '../auth/actor.ts';
import type { OperationSocket } from './context.ts';
import { subscribeShared } from './shared-subscriptions.ts';

type ConnectionParams = Record<string, unknown> | undefined;

/**
 * Serves the graphql-ws protocol (subscriptions, and any other operation) on the same path as GraphQL over
 * HTTP, with the same executable schema. The WebSocket server hangs off the HTTP server's `upgrade` event, so
 * it shares the port and needs no Fastify plugin. The API key comes in the `connection_init` payload; a
 * missing or bad key closes the socket with the protocol's 4403 Forbidden.
 */
export function mountGraphQLWebSocket<Context extends object>(
  app: FastifyInstance,
  options: {
    schema: GraphQLSchema;
    path: string;
    production: boolean;
    /** Resolves the connection_init payload to a project, or null to refuse the connection. */
    authenticate: (params: ConnectionParams) => Promise<Actor | null>;
    /** Each operation's context, built by the composition root. */
    context: (actor: Actor, socket: OperationSocket) => Context;
    /** Subscribers with the same scope and operation share one execution per event (shared-subscriptions.ts). */
    shareScope: (actor: Actor) => string;
    /** Runs once every socket is closed, at shutdown. */
    onClose?: () => void;
  },
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const graphqlWs = useServer<ConnectionParams, { actor: Actor }>(
    {
      schema: options.schema,
      isProd: options.production,
      onConnect: async (ctx) => {
        const actor = await options.authenticate(ctx.connectionParams).catch(() => null);
        if (!actor) return false;
        ctx.extra.actor = actor;
        return true;
      },
      context: (ctx) =>
        options.context(ctx.extra.actor!, {
          close: (code, reason) => ctx.extra.socket.close(code, reason),
        }),
      subscribe: (args) => {
        const { actor } = args.contextValue as { actor: Actor };
        return subscribeShared(args, options.shareScope(actor));
      },
    },
    wss,
  );

  app.server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '');
    if (pathname !== options.path) {
      // Another upgrade listener may own that path; if there is none, nobody will answer the socket.
      if (app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  // Open sockets would keep the HTTP server from closing: end them (1001 Going away) before it does.
  app.addHook('preClose', async () => {
    const force = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, 1000);
    try {
      await graphqlWs.dispose();
    } finally {
      clearTimeout(force);
      options.onClose?.();
    }
  });
}
