import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import { newOwnerId, TAKE_OWNER_LOCK } from '../operations/owner-lock.ts';

type NotificationHandler = (payload: string) => void;

/** Where the listeners of one database say they are there (`hello:<token>`, answered `here:<token>`). */
const PRESENCE_CHANNEL = 'gateway_listeners';
const HELLO = 'hello:';
const HERE = 'here:';
/** `wants:<token>:<channel>,<channel>`: the on-demand channels a listener wants notified now (none: nothing after the second colon). */
const WANTS = 'wants:';
/**
 * How long a peer's `wants` holds: a process that wants a channel says so again every third of it, so the wish
 * of a process that died (its subscriptions open) lapses instead of drawing NOTIFYs for the others' lives.
 */
const WANTS_TTL_MS = 90_000;
/** A listener's token (`randomUUID`), the payload of its signals. */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One dedicated PostgreSQL connection per process that LISTENs on a few channels and fans each NOTIFY out to
 * in-process handlers (the outbox relay, GraphQL subscriptions). When the connection drops it reconnects with
 * a growing delay and tells `onReconnect` handlers, because notifications sent meanwhile are lost: they
 * catch up from the tables themselves, which stay the durable record.
 *
 * `signal(channel)` is how this process announces a change it committed: its own handlers run at once, and one
 * NOTIFY goes to the other processes, coalesced (at most one in flight; signals meanwhile make one more), so a
 * burst of commits costs a handful of NOTIFYs and no commit waits for one. The process ignores its own NOTIFY.
 *
 * Only when there are other processes: a process alone on its database (`npm start`, one web process with its
 * workers) sent a NOTIFY that only it heard, about 0.3 per card flow, each a transaction of PostgreSQL's and
 * a round trip (card flow 668 against 645 flows/s without them, one A/B run). Listeners find each other on
 * PRESENCE_CHANNEL: each says `hello` once it listens (at start and after a lost connection), the others
 * answer `here`, and from then on both notify. A process that learns of a peer, or hears a peer's `hello`,
 * notifies every channel it has signalled once more: the newcomer may have read the tables before this
 * process knew it was there, and wakes to read them again. Once seen, peers are assumed for the process's
 * life (another process leaving cannot be told apart from a quiet one, and a NOTIFY too many costs little).
 *
 * Some channels are wanted only now and then (`onDemand`: the events feed's, which a process reads only while
 * one of its GraphQL subscriptions is open). A process says which of them it wants (`want`) on PRESENCE_CHANNEL
 * (`wants`, after every `hello` and `here` and whenever it changes), and the others notify such a channel only
 * while some peer wants it: under the card flow with two processes and no subscriber anywhere, that NOTIFY was
 * 0.55 a flow, each waking every listening connection and process for nothing. A peer that has not said what it
 * wants (an earlier version, mid-deploy, or one whose `wants` is still on its way) wants everything. A peer that
 * starts to want a channel is notified of it once more at once, as a newcomer is: it may have read the tables
 * before its wish arrived. A wish lapses unless said again (WANTS_TTL_MS; a process repeats it while it wants).
 */
export class PgListener {
  readonly #url: string;
  readonly #channels: readonly string[];
  readonly #logger: Logger;
  readonly #handlers = new Map<string, Set<NotificationHandler>>();
  readonly #reconnectHandlers = new Set<() => void>();
  #client: pg.Client | null = null;
  #stopped = false;
  #retryTimer: NodeJS.Timeout | null = null;
  #failures = 0;
  /** Our NOTIFY payload, so we can tell our own notifications from other processes'. */
  readonly #token = randomUUID();
  readonly #sending = new Map<string, 'sending' | 'again'>();
  /**
   * The other processes listening on this database (PRESENCE_CHANNEL), by token, with the on-demand channels each
   * wants and until when (ms); null: every channel (it has not said). Empty: nothing is notified.
   */
  readonly #peers = new Map<string, Map<string, number> | null>();
  readonly #wantsTtlMs: number;
  /** Repeats this process's `wants` while it wants a channel (a third of the TTL). */
  #wantsTimer: NodeJS.Timeout | null = null;
  /** Channels the others notify only while one of them wants it (`want`). */
  readonly #onDemand: ReadonlySet<string>;
  /** The on-demand channels this process wants now. */
  readonly #wanted = new Set<string>();
  /** The channels this process has signalled: what a newcomer is told about again. */
  readonly #signalled = new Set<string>();
  /** The last NOTIFY sent (settled either way): the next one waits for it (#notify). */
  #notifying: Promise<unknown> = Promise.resolve();
  /**
   * This process's owner id (operations/owner-lock.ts), whose lock its LISTEN connection holds: a fresh one for
   * every connection, so the keys claimed before a lost connection (whose answers could not be recorded while
   * the database was away) are free once it is back, rather than owned again by the reconnected process.
   */
  #ownerId = newOwnerId();
  #ownsLock = false;

  private constructor(
    url: string,
    channels: readonly string[],
    onDemand: readonly string[],
    wantsTtlMs: number,
    logger: Logger,
  ) {
    this.#url = url;
    this.#channels = channels;
    this.#onDemand = new Set(onDemand);
    this.#wantsTtlMs = wantsTtlMs;
    this.#logger = logger;
  }

  /** Connects and listens; the first connection must succeed, later drops are retried forever. */
  static async start(options: {
    url: string;
    channels: readonly string[];
    /** Of `channels`, those another process is notified of only while it wants them (`want`). */
    onDemand?: readonly string[];
    /** How long another process's `wants` holds unless said again (WANTS_TTL_MS; shorter in tests). */
    wantsTtlMs?: number;
    logger: Logger;
  }): Promise<PgListener> {
    const onDemand = options.onDemand ?? [];
    for (const channel of onDemand) {
      if (!options.channels.includes(channel)) throw new Error(`PgListener does not listen on '${channel}'`);
    }
    const listener = new PgListener(
      options.url,
      options.channels,
      onDemand,
      options.wantsTtlMs ?? WANTS_TTL_MS,
      options.logger,
    );
    await listener.#connect();
    return listener;
  }

  /** Calls `handler` with each notification's payload on `channel`; returns the unsubscribe function. */
  on(channel: string, handler: NotificationHandler): () => void {
    if (!this.#channels.includes(channel)) throw new Error(`PgListener does not listen on '${channel}'`);
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
    }
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Runs this process's handlers of `channel` now and tells the other processes (coalesced NOTIFY). */
  signal(channel: string): void {
    this.#dispatch(channel, this.#token);
    this.#signalled.add(channel);
    this.#notifyOthers(channel);
  }

  /**
   * Whether this process wants the other processes' signals of an on-demand channel now (its handlers have
   * something to read them for): they notify it from when they hear of it until it says it no longer does.
   */
  want(channel: string, wanted: boolean): void {
    if (!this.#onDemand.has(channel)) throw new Error(`'${channel}' is not an on-demand channel`);
    if (this.#wanted.has(channel) === wanted) return;
    if (wanted) this.#wanted.add(channel);
    else this.#wanted.delete(channel);
    if (this.#peers.size > 0) this.#announceWants();
    if (this.#wanted.size > 0 && !this.#wantsTimer) {
      this.#wantsTimer = setInterval(() => {
        if (this.#peers.size > 0) this.#announceWants();
      }, this.#wantsTtlMs / 3);
      this.#wantsTimer.unref();
    } else if (this.#wanted.size === 0 && this.#wantsTimer) {
      clearInterval(this.#wantsTimer);
      this.#wantsTimer = null;
    }
  }

  /** Whether some other process is to hear of `channel` now. */
  #othersWant(channel: string): boolean {
    if (!this.#onDemand.has(channel)) return this.#peers.size > 0;
    const now = Date.now();
    for (const wants of this.#peers.values()) {
      if (wants === null || (wants.get(channel) ?? 0) > now) return true;
    }
    return false;
  }

  /** Tells the others which on-demand channels this process wants (after each greeting, and on a change). */
  #announceWants(): void {
    const client = this.#client;
    if (!client || this.#stopped || this.#onDemand.size === 0) return;
    this.#notify(client, PRESENCE_CHANNEL, `${WANTS}${this.#token}:${[...this.#wanted].join(',')}`).catch(
      (error) => this.#notifyFailed(error, 'could not tell the other listeners what this one wants'),
    );
  }

  #notifyOthers(channel: string): void {
    if (!this.#othersWant(channel)) return;
    if (this.#sending.has(channel)) {
      this.#sending.set(channel, 'again');
      return;
    }
    const client = this.#client;
    if (!client || this.#stopped) return;
    this.#sending.set(channel, 'sending');
    this.#notify(client, channel, this.#token)
      // A lost NOTIFY only delays the others until their next sweep.
      .catch((error) => this.#notifyFailed(error, 'could not send a notification', channel))
      .finally(() => {
        const again = this.#sending.get(channel) === 'again';
        this.#sending.delete(channel);
        if (again) this.#notifyOthers(channel);
      });
  }

  /** Another listener's `hello`, `here` or `wants` (our own are ignored). */
  #presence(payload: string): void {
    if (payload.startsWith(WANTS)) {
      this.#peerWants(payload.slice(WANTS.length));
      return;
    }
    const hello = payload.startsWith(HELLO);
    const token = payload.slice(hello ? HELLO.length : HERE.length);
    if (token === this.#token || !(hello || payload.startsWith(HERE))) return;
    const newlyPeered = this.#peers.size === 0;
    // Until it says what it wants (its `wants` follows its greeting), a peer wants every channel.
    if (hello || !this.#peers.has(token)) this.#peers.set(token, null);
    const client = this.#client;
    if (hello && client) {
      this.#notify(client, PRESENCE_CHANNEL, HERE + this.#token).catch((error) =>
        this.#notifyFailed(error, 'could not answer a listener'),
      );
    }
    if (!hello && !newlyPeered) return;
    // The newcomer (or the first peer heard of) learns what this process wants, and what it signalled before.
    this.#announceWants();
    for (const channel of this.#signalled) this.#notifyOthers(channel);
  }

  /** A peer's `wants` (`<token>:<channel>,…`): it is notified of those on-demand channels, and of no other. */
  #peerWants(said: string): void {
    const colon = said.indexOf(':');
    const token = said.slice(0, colon);
    if (colon < 0 || token === this.#token || !TOKEN.test(token)) return;
    const before = this.#peers.get(token);
    const now = Date.now();
    const wants = new Map<string, number>();
    for (const channel of said.slice(colon + 1).split(',')) {
      if (this.#onDemand.has(channel)) wants.set(channel, now + this.#wantsTtlMs);
    }
    this.#peers.set(token, wants);
    // A channel it did not want before: it may have read the tables before its wish arrived here.
    for (const channel of wants.keys()) {
      const wanted = before === null || (before?.get(channel) ?? 0) > now;
      if (!wanted && this.#signalled.has(channel)) this.#notifyOthers(channel);
    }
  }

  #dispatch(channel: string, payload: string): void {
    const handlers = this.#handlers.get(channel);
    if (!handlers) return;
    for (const handler of handlers) {
      try {
        handler(payload);
      } catch (error) {
        this.#logger.error({ err: error, channel }, 'notification handler failed');
      }
    }
  }

  /**
   * This process's owner id while its connection holds the owner lock (idempotency keys it claims die with it);
   * null while the connection is down.
   */
  ownerId(): number | null {
    return this.#client && this.#ownsLock ? this.#ownerId : null;
  }

  /** Called after the connection was lost and is listening again. */
  onReconnect(handler: () => void): () => void {
    this.#reconnectHandlers.add(handler);
    return () => this.#reconnectHandlers.delete(handler);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    if (this.#wantsTimer) clearInterval(this.#wantsTimer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'payments-gateway-listen',
    });
    client.on('notification', (message) => {
      if (message.channel === PRESENCE_CHANNEL) return this.#presence(message.payload ?? '');
      // Our own signal already ran our handlers.
      if (message.payload === this.#token) return;
      // Another process's signal (its token): a peer, even one that never greets (an earlier version, mid-deploy).
      // Announcements with a payload of their own (credential changes, whoever sent them) say nothing of peers.
      if (TOKEN.test(message.payload ?? '') && !this.#peers.has(message.payload!)) {
        this.#presence(HERE + message.payload);
      }
      this.#dispatch(message.channel, message.payload ?? '');
    });
    client.on('error', (error) => this.#lost(client, error));
    client.on('end', () => this.#lost(client, null));
    try {
      await client.connect();
      for (const channel of [...this.#channels, PRESENCE_CHANNEL]) {
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
      }
      const ownerId = newOwnerId();
      const { rows } = await client.query<{ taken: boolean }>(TAKE_OWNER_LOCK, [ownerId]);
      this.#ownerId = ownerId;
      this.#ownsLock = rows[0]?.taken === true;
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    this.#client = client;
    this.#failures = 0;
    // Listening now: the others hear of this process and answer (#presence).
    this.#notify(client, PRESENCE_CHANNEL, HELLO + this.#token).catch((error) =>
      this.#notifyFailed(error, 'could not greet the other listeners'),
    );
    this.#announceWants();
  }

  /** A NOTIFY that failed: worth a warning, unless this listener was stopped under it (shutdown says so itself). */
  #notifyFailed(error: unknown, message: string, channel?: string): void {
    if (!this.#stopped) this.#logger.warn({ err: error, channel }, message);
  }

  /**
   * One NOTIFY on the listener's connection, sent once the ones before it have been answered: the channels'
   * coalesced NOTIFYs and the greetings would otherwise queue on the connection while another runs, which pg
   * deprecates (and pg 9 refuses).
   */
  #notify(client: pg.Client, channel: string, payload: string): Promise<void> {
    const sent = this.#notifying.then(() => client.query('select pg_notify($1, $2)', [channel, payload]));
    this.#notifying = sent.catch(() => undefined);
    return sent.then(() => undefined);
  }

  #lost(client: pg.Client, error: Error | null): void {
    if (this.#stopped || this.#client !== client) return;
    this.#client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.#logger.warn({ err: error ?? undefined }, 'notification connection lost; reconnecting');
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#stopped) return;
    // At most 5 s: until it is back, this process owns no idempotency key and hears no other process.
    const delay = Math.min(5_000, 250 * 2 ** this.#failures);
    this.#failures += 1;
    this.#retryTimer = setTimeout(async () => {
      if (this.#stopped) return;
      try {
        await this.#connect();
        if (this.#stopped) {
          await this.stop();
          return;
        }
        this.#logger.info('notification connection restored');
        for (const handler of this.#reconnectHandlers) handler();
        // What this process committed while its connection was down was never announced.
        for (const channel of this.#signalled) this.#notifyOthers(channel);
      } catch (error) {
        this.#logger.warn({ err: error }, 'notification connection failed; retrying');
        this.#scheduleReconnect();
      }
    }, delay);
    this.#retryTimer.unref();
  }
}
