import { Client, cacheExchange, fetchExchange, mapExchange, subscriptionExchange } from '@urql/core';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import type { Session } from './session.ts';
import { fetchWithDocumentIds, trustedDocumentId } from './trusted-documents.ts';

/**
 * One urql client per session: HTTP for queries and mutations (the session cookie rides along; every request
 * carries `x-csrf-token`), graphql-ws on the same `/graphql` path for subscriptions (the cookie with the upgrade,
 * the CSRF token in `connection_init`). Never an API key.
 */
export interface LiveStatus {
  /** Whether the live connection (graphql-ws) is up. */
  live: boolean;
  /** How many times it came back after a drop: pages catch up then. */
  reconnects: number;
}

export interface PortalClient {
  client: Client;
  socket: WsClient;
  /** The live connection's state, for `useSyncExternalStore`. */
  status(): LiveStatus;
  onStatus(listener: () => void): () => void;
  /** Headers for a write: the CSRF token, plus an `Idempotency-Key` for the one confirmed action. */
  writeOptions(idempotencyKey: string): { fetchOptions: RequestInit };
  dispose(): void;
}

export const GRAPHQL_PATH = '/graphql';

export function createPortalClient(
  session: Session,
  events: { onSignedOut?: () => void } = {},
): PortalClient {
  const csrf = { 'x-csrf-token': session.csrfToken };
  let status: LiveStatus = { live: false, reconnects: 0 };
  let connectedBefore = false;
  const listeners = new Set<() => void>();
  const setStatus = (next: LiveStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;
  const socket = createWsClient({
    url: socketUrl,
    connectionParams: { csrfToken: session.csrfToken },
    // Connected from sign-in on: the header shows whether live updates are on, on every page.
    lazy: false,
    keepAlive: 15_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    // 4403: the session ended (signed out elsewhere, removed, expired): no point in reconnecting.
    shouldRetry: (event) => !(event && typeof event === 'object' && 'code' in event && event.code === 4403),
    // Closes are handled below (and by each subscription); nothing for the console.
    onNonLazyError: () => undefined,
    on: {
      connected: () => {
        setStatus({ live: true, reconnects: status.reconnects + (connectedBefore ? 1 : 0) });
        connectedBefore = true;
      },
      closed: (event) => {
        setStatus({ ...status, live: false });
        if (event && typeof event === 'object' && 'code' in event && event.code === 4403)
          events.onSignedOut?.();
      },
    },
  });
  const client = new Client({
    url: GRAPHQL_PATH,
    // Trusted documents: each operation goes out as its id (trusted-documents.ts), never as text.
    fetch: fetchWithDocumentIds,
    preferGetMethod: false,
    requestPolicy: 'cache-and-network',
    fetchOptions: () => ({ headers: csrf, credentials: 'same-origin', cache: 'no-store' }),
    exchanges: [
      // A 401 means the session ended (idle timeout, lifetime, signed out elsewhere, user removed): sign in again.
      mapExchange({
        onError: (error) => {
          if ((error.response as Response | undefined)?.status === 401) events.onSignedOut?.();
        },
      }),
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => {
            const resuming = resumingPayload(request);
            return {
              unsubscribe: socket.subscribe(resuming.payload, {
                ...sink,
                next: (value) => {
                  resuming.handled(value.data);
                  sink.next(value as Parameters<typeof sink.next>[0]);
                },
              }),
            };
          },
        }),
      }),
    ],
  });
  return {
    client,
    socket,
    status: () => status,
    onStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
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

/**
 * A subscription's payload that survives a dropped connection: for an operation with an `afterEvent` variable,
 * each handled payload's event cursor (`cursor` of an `Event`, `event.cursor` of an `Order` or a transaction
 * change) is written into the payload's variables. graphql-ws sends that same payload again when it reconnects,
 * so the server replays exactly what happened after the last event the page handled.
 */
export function resumingPayload(request: { query?: string; variables?: unknown; operationName?: string }) {
  const variables: Record<string, unknown> = {
    ...(request.variables as Record<string, unknown> | undefined),
  };
  // A trusted document goes by its id; graphql-ws still wants `query` to be a string, so it is left empty.
  const documentId = trustedDocumentId(request.operationName);
  const payload = documentId
    ? { ...request, query: '', documentId, variables }
    : { ...request, query: request.query ?? '', variables };
  const resumable = 'afterEvent' in variables;
  return {
    payload,
    handled(data: unknown) {
      const cursor = resumable ? lastEventCursor(data) : null;
      if (cursor) variables.afterEvent = cursor;
    },
  };
}

/** The event cursor a subscription payload carries, whichever root field it answers. */
export function lastEventCursor(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  for (const field of Object.values(data as Record<string, unknown>)) {
    if (!field || typeof field !== 'object') continue;
    const own = (field as { cursor?: unknown }).cursor;
    if (typeof own === 'string') return own;
    const ofEvent = (field as { event?: { cursor?: unknown } | null }).event?.cursor;
    if (typeof ofEvent === 'string') return ofEvent;
  }
  return null;
}
