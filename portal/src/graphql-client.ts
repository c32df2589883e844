import { Client, cacheExchange, fetchExchange, subscriptionExchange } from '@urql/core';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import type { Session } from './session.ts';

/**
 * One urql client per session: HTTP for queries and mutations (the session cookie rides along; every request
 * carries `x-csrf-token`), graphql-ws on the same `/graphql` path for subscriptions (the cookie with the upgrade,
 * the CSRF token in `connection_init`). Never an API key.
 */
export interface PortalClient {
  client: Client;
  socket: WsClient;
  /** Headers for a write: the CSRF token, plus an `Idempotency-Key` for the one confirmed action. */
  writeOptions(idempotencyKey: string): { fetchOptions: RequestInit };
  dispose(): void;
}

export const GRAPHQL_PATH = '/graphql';

export function createPortalClient(
  session: Session,
  events: { onConnected?: () => void; onClosed?: () => void; onSignedOut?: () => void } = {},
): PortalClient {
  const csrf = { 'x-csrf-token': session.csrfToken };
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;
  const socket = createWsClient({
    url: socketUrl,
    connectionParams: { csrfToken: session.csrfToken },
    lazy: true,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    // 4403: the session ended (signed out elsewhere, removed, expired): no point in reconnecting.
    shouldRetry: (event) => !(event && typeof event === 'object' && 'code' in event && event.code === 4403),
    on: {
      connected: () => events.onConnected?.(),
      closed: (event) => {
        events.onClosed?.();
        if (event && typeof event === 'object' && 'code' in event && event.code === 4403)
          events.onSignedOut?.();
      },
    },
  });
  const client = new Client({
    url: GRAPHQL_PATH,
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    fetchOptions: () => ({ headers: csrf, credentials: 'same-origin', cache: 'no-store' }),
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: socket.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
  });
  return {
    client,
    socket,
    writeOptions: (idempotencyKey) => ({
      fetchOptions: {
        headers: { ...csrf, 'idempotency-key': idempotencyKey },
        credentials: 'same-origin',
        cache: 'no-store',
      },
    }),
    dispose: () => void socket.dispose(),
  };
}
