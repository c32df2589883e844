import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

export interface LiveClient {
  client: Client;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  /** Resolves once `connection_ack` arrived (authenticated). */
  connected: Promise<void>;
  /** Starts a subscription and collects what it yields. */
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): Subscription<T>;
  dispose(): Promise<void>;
}

export interface Subscription<T> {
  events: T[];
  errors: unknown[];
  /** Resolves once `count` events arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<T[]>;
  stop(): void;
}

/** A graphql-ws client (the package's own, over the `ws` package) to `/graphql` on the given server. */
export function liveClient(
  baseUrl: string,
  connectionParams?: Record<string, unknown>,
  /** Headers of the upgrade request, as a browser sends them (Cookie, Origin). */
  headers?: Record<string, string>,
): LiveClient {
  let onClosed: (code: number) => void = () => undefined;
  let onConnected: () => void = () => undefined;
  const closed = new Promise<number>((resolve) => {
    onClosed = resolve;
  });
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: headers
      ? class extends WebSocket {
          constructor(address: string, protocols?: string | string[]) {
            super(address, protocols, { headers });
          }
        }
      : WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: {
      connected: () => onConnected(),
      closed: (event) => onClosed((event as { code: number }).code),
    },
  });
  return {
    client,
    closed,
    connected,
    subscribe: <T>(query: string, variables: Record<string, unknown> = {}) => {
      const events: T[] = [];
      const errors: unknown[] = [];
      const stop = client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            if (result.errors) errors.push(...result.errors);
            if (result.data) events.push(result.data as T);
          },
          error: (error) => errors.push(error),
          complete: () => undefined,
        },
      );
      return {
        events,
        errors,
        stop,
        waitFor: async (count, timeoutMs = 15_000) => {
          const deadline = Date.now() + timeoutMs;
          while (events.length < count) {
            if (Date.now() > deadline) {
              throw new Error(
                `expected ${count} event(s) within ${timeoutMs} ms, got ${events.length} (errors: ${JSON.stringify(errors)})`,
              );
            }
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          return events.slice(0, count);
        },
      };
    },
    dispose: () => client.dispose() as Promise<void>,
  };
}

/**
 * The subscribe message has no acknowledgement in the protocol: give the server a moment to start the
 * subscription before causing the change it should see.
 */
export const subscriptionSettled = () => new Promise((resolve) => setTimeout(resolve, 300));

/** What one operation over graphql-ws answered first: its result, or the errors it was refused with. */
export interface WebSocketAnswer {
  data?: unknown;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Runs one operation on a fresh graphql-ws connection authenticated with `apiKey`, then closes it. Answers its
 * data and errors: the answer's top-level `extensions` (the cost report, test/platform/cost-budget.test.ts) are
 * left out, so a test compares what the operation answered.
 */
export async function operationOverWebSocket(
  baseUrl: string,
  apiKey: string,
  query: string,
): Promise<WebSocketAnswer> {
  const socket = liveClient(baseUrl, { apiKey });
  try {
    await socket.connected;
    const { data, errors } = (await socket.client.iterate({ query }).next()).value as WebSocketAnswer;
    return errors === undefined ? { data } : { data, errors };
  } catch (errors) {
    return { errors: errors as WebSocketAnswer['errors'] };
  } finally {
    await socket.dispose();
  }
}
