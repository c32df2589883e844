import type { Duplex } from 'node:stream';
import pg, { type ClientConfig, type QueryResult } from 'pg';
import type { Logger } from 'pino';
import type { Statement } from './pipelined-transaction.ts';

/** How the connections show in pg_stat_activity. */
export const APPLICATION_NAME = 'payments-gateway-reads';

interface Connection {
  /** Null until the settings are read and the client is made. */
  client: pg.Client | null;
  /** Set once connected (`onConnection` listeners have been told of it). */
  connected: boolean;
  /** Resolves once connected; rejects (and the slot is emptied) when connecting failed. */
  ready: Promise<void>;
  /** Reads sent and not answered yet. */
  waiting: number;
  /** Set while the socket holds this round's reads, to be written together (`#holdUntilRoundEnds`). */
  held: boolean;
}

/**
 * A few connections of their own, in `pg`'s pipeline mode, for the request path's short reads by key
 * (`preparedRead` statements run outside a transaction: an order's view, a stored card). A read goes out at once
 * on the connection with the fewest reads waiting, without checking a connection out of the pool and back in;
 * the reads of concurrent requests then share a connection, and PostgreSQL answers them one after another, each
 * in an implicit transaction of its own (its own Sync), exactly as on a pooled connection. A burst of them costs
 * the database's process one wake-up and the server one write instead of one each (REST GET of an order: Node
 * 0.26-0.32 -> 0.15-0.20 ms and PostgreSQL 0.23-0.29 -> 0.17-0.19 ms per request, measured alternately).
 *
 * A read waits for the reads ahead of it on its connection, which is why only plain selects that answer at once
 * are declared `preparedRead`. A connection the server drops fails the reads in flight on it (as a pooled one
 * would) and is replaced by the next read.
 */
export class PipelinedReads {
  readonly #config: () => Promise<ClientConfig>;
  readonly #logger: Pick<Logger, 'warn'> | null;
  readonly #slots: (Connection | null)[];
  readonly #listeners = new Set<(client: pg.Client) => void>();
  #closed = false;

  constructor(options: {
    /** The settings of the pool's connections (type parsers, credentials, timeouts). */
    config: () => Promise<ClientConfig>;
    size: number;
    logger?: Pick<Logger, 'warn'>;
  }) {
    this.#config = options.config;
    this.#logger = options.logger ?? null;
    this.#slots = Array.from({ length: Math.max(1, options.size) }, () => null);
  }

  /** Sends one read now on the least busy connection; answers its result. */
  async query(statement: Statement): Promise<QueryResult> {
    if (this.#closed) throw new Error('the pipelined read connections are closed');
    const connection = this.#leastBusy();
    connection.waiting += 1;
    try {
      await connection.ready;
      this.#holdUntilRoundEnds(connection);
      return await connection.client!.query(statement);
    } finally {
      connection.waiting -= 1;
    }
  }

  /** Calls `listener` with every connection, open now or opened later (the tests' statement log). */
  onConnection(listener: (client: pg.Client) => void): () => void {
    this.#listeners.add(listener);
    // A connection still connecting tells the listeners once it is connected.
    for (const slot of this.#slots) if (slot?.connected) listener(slot.client!);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    const open = this.#slots.filter((slot): slot is Connection => slot !== null);
    this.#slots.fill(null);
    await Promise.all(open.map((slot) => slot.ready.then(() => slot.client?.end()).catch(() => undefined)));
  }

  /**
   * Holds what is written to the connection's socket until the event loop's round ends (`setImmediate`), so
   * that the reads of every request handled in this round go out in one write. `pg` corks the socket around
   * each query's messages and uncorks it right after, one `writev` system call per read: 9.5% of the server's
   * CPU in a GraphQL `order(id)` load, and one wake-up of PostgreSQL's process each.
   */
  #holdUntilRoundEnds(connection: Connection): void {
    if (connection.held) return;
    const socket = (connection.client as unknown as { connection?: { stream?: Partial<Duplex> } }).connection
      ?.stream;
    if (!socket?.cork || !socket.uncork) return;
    socket.cork();
    connection.held = true;
    setImmediate(() => {
      connection.held = false;
      socket.uncork!();
    });
  }

  /** An open slot's connection with the fewest reads waiting; an empty slot is connected first. */
  #leastBusy(): Connection {
    let best: Connection | null = null;
    for (let index = 0; index < this.#slots.length; index += 1) {
      const slot = this.#slots[index] ?? this.#open(index);
      if (slot.waiting === 0) return slot;
      if (!best || slot.waiting < best.waiting) best = slot;
    }
    return best!;
  }

  #open(index: number): Connection {
    const connection: Connection = {
      client: null,
      connected: false,
      ready: Promise.resolve(),
      waiting: 0,
      held: false,
    };
    const empty = (error?: Error) => {
      if (this.#slots[index] !== connection) return;
      this.#slots[index] = null;
      if (error)
        this.#logger?.warn({ err: error }, 'pipelined read connection lost; the next read opens another');
      connection.client?.end().catch(() => undefined);
    };
    connection.ready = this.#config().then(async (config) => {
      const client = new pg.Client({ ...config, application_name: APPLICATION_NAME, pipeline: true });
      connection.client = client;
      // A dropped connection is an 'error' event, fatal without a listener: the reads in flight reject anyway.
      client.on('error', (error) => empty(error));
      client.on('end', () => empty());
      try {
        await client.connect();
      } catch (error) {
        empty();
        throw error;
      }
      connection.connected = true;
      for (const listener of this.#listeners) listener(client);
    });
    connection.ready.catch(() => undefined);
    this.#slots[index] = connection;
    return connection;
  }
}
