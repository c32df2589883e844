import type { Logger } from 'pino';
import type { Db } from '../../platform/db/db.ts';
import { CoalescedRun } from '../../platform/jobs/coalesced-run.ts';
import { OUTBOX_CHANNEL, OUTBOX_RELAYED_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { PubSub } from '../../platform/pubsub/pubsub.ts';
import { type Cursor, compareCursors } from './cursor.ts';
import { EventRepository } from './event.repository.ts';
import { type EventFilter, type EventRecord, matchesFilter } from './event-record.ts';
import { resolvePosition } from './positions.ts';

/** An event as subscriptions receive it: the record, and values computed once for all its subscribers. */
export interface LiveEvent {
  record: EventRecord;
  /**
   * Read by a subscription's replay (`after`), not published live: each is one more answer only that subscriber
   * asked for, which the GraphQL layer charges to the project's cost budget (platform/graphql/operation-gate.ts).
   */
  readonly replayed: boolean;
  /** `compute` runs once per event and key, however many subscribers ask (e.g. the order as it is now). */
  shared<T>(key: string, compute: () => T): T;
}

export interface FeedRequest {
  filter: EventFilter;
  /** Replay every event after this cursor or event id first; null for live events only. */
  after: string | null;
  /** The input field `after` came in, for error messages. */
  afterField: string;
  /** Called when the subscriber fell too far behind and was ended (close its socket). */
  onOverflow: () => void;
  /**
   * Called with each live event the subscriber will get, when it is published (before the subscriber takes it):
   * where a subscription starts the event's shared payload read, so the events published together are read
   * together instead of one round trip each as the subscriber reaches them.
   */
  onPublished?: (event: LiveEvent) => void;
}

interface StreamState {
  /** The live part once the replay caught up, so that ending the iteration can end it at once. */
  live: AsyncIterableIterator<LiveEvent> | null;
  ended: boolean;
}

const TAIL_BATCH = 500;
const REPLAY_BATCH = 200;

/**
 * The live events feed of one process: one reader tails the event log (every project's stable events in feed
 * order, see event.repository.ts) while anyone subscribes, and fans each event out to this process's
 * subscribers of its project. It reads on every signal of new outbox rows (this process's commits at once,
 * other processes' through NOTIFY), after a lost LISTEN connection, and on a sweep.
 *
 * Replay, then live, with no gap and no duplicate: the tail publishes events strictly in order and `#position`
 * is the last one published. A subscription replays from the database up to the current position, and when it
 * has caught up it joins the live fan-out in the same tick as it checked the position, so every later event
 * reaches it live and every earlier one came from the replay.
 */
export class EventFeed {
  readonly #db: Db;
  readonly #logger: Logger;
  readonly #pubsub: PubSub<LiveEvent>;
  readonly #sweepMs: number;
  readonly #notifications: PgListener;
  readonly #unlisten: (() => void)[] = [];
  /** The last event published; null while nobody subscribes (the tail is then idle). */
  #position: Cursor | null = null;
  #starting: Promise<void> | null = null;
  /** Subscriptions replaying or live: the tail runs while there are any. */
  #users = 0;
  readonly #tailing = new CoalescedRun(
    () => this.#tail(),
    () => {
      if (this.#users === 0) this.#idle();
    },
  );
  #retry: NodeJS.Timeout | null = null;
  #retryMs = 0;
  #sweep: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: {
    db: Db;
    notifications: PgListener;
    logger: Logger;
    /** Events a subscriber may have waiting before it is ended (SUBSCRIPTION_MAX_BEHIND). */
    maxBehind: number;
    /** How often the tail reads without a signal while anyone subscribes. */
    sweepMs: number;
  }) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#pubsub = new PubSub({ bufferSize: options.maxBehind });
    this.#sweepMs = options.sweepMs;
    this.#notifications = options.notifications;
    this.#unlisten.push(
      options.notifications.on(OUTBOX_CHANNEL, () => this.#wake()),
      options.notifications.on(OUTBOX_RELAYED_CHANNEL, () => this.#wake()),
      options.notifications.onReconnect(() => this.#wake()),
    );
  }

  /** Live subscribers in this process. */
  get subscribers(): number {
    return this.#pubsub.size;
  }

  /**
   * The project's events the filter keeps: first those after `request.after` (replay), then live ones. Ending
   * the iteration (`return()`, e.g. the socket closed) takes effect at once, even while no event is coming:
   * an async generator would queue the request until its next event.
   */
  subscribe(request: FeedRequest): AsyncIterableIterator<LiveEvent> {
    this.#users += 1;
    // Other processes' commits of relayed rows are notified only while some process has a subscriber to wake.
    if (this.#users === 1) this.#notifications.want(OUTBOX_RELAYED_CHANNEL, true);
    const state: StreamState = { live: null, ended: false };
    const replay = this.#replay(request, state);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      state.ended = true;
      void state.live?.return?.();
      this.#users -= 1;
      if (this.#users === 0) {
        this.#notifications.want(OUTBOX_RELAYED_CHANNEL, false);
        this.#idle();
      }
    };
    const done = (): IteratorResult<LiveEvent> => ({ done: true, value: undefined });
    const iterator: AsyncIterableIterator<LiveEvent> = {
      // Replay through the generator; once live, straight from the fan-out (no generator step per event).
      next: async () => {
        try {
          if (!state.live) {
            const replayed = await replay.next();
            if (!replayed.done) return replayed;
          }
          const next = state.live && !state.ended ? await state.live.next() : done();
          if (next.done) release();
          return next;
        } catch (error) {
          release();
          throw error;
        }
      },
      return: async () => {
        release();
        await replay.return(undefined);
        return done();
      },
      throw: async (error?: unknown) => {
        release();
        await replay.return(undefined);
        throw error;
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  close(): void {
    this.#closed = true;
    for (const unlisten of this.#unlisten) unlisten();
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#sweep) clearInterval(this.#sweep);
    this.#pubsub.close();
  }

  /** Replays the events after `request.after`, then joins the live fan-out (`state.live`) and returns. */
  async *#replay(request: FeedRequest, state: StreamState): AsyncGenerator<LiveEvent, void> {
    await this.#start();
    let cursor: Cursor = request.after
      ? await this.#db.read((uow) =>
          resolvePosition(
            new EventRepository(uow),
            request.filter.projectId,
            request.after!,
            request.afterField,
          ),
        )
      : this.#position!;
    for (;;) {
      const target = this.#position!;
      if (compareCursors(cursor, target) >= 0) break;
      const { events: page } = await this.#db.read((uow) =>
        new EventRepository(uow).page({
          filter: request.filter,
          from: cursor,
          until: target,
          limit: REPLAY_BATCH,
          direction: 'forward',
        }),
      );
      for (const event of liveEvents(page, true)) yield event;
      cursor = page.length < REPLAY_BATCH ? target : page.at(-1)!.cursor;
    }
    // Caught up: join the live fan-out in the same tick as the position check above. Every event published
    // from now on is after the position; only a client ahead of this process's tail needs its cursor checked.
    if (state.ended) return;
    const from = cursor;
    const ahead = compareCursors(from, this.#position!) > 0;
    const { onPublished } = request;
    state.live = this.#pubsub.subscribe(
      (event) => {
        const kept =
          (!ahead || compareCursors(event.record.cursor, from) > 0) &&
          matchesFilter(event.record, request.filter);
        if (kept) onPublished?.(event);
        return kept;
      },
      { topic: request.filter.projectId, onOverflow: request.onOverflow },
    );
  }

  /** Starts the tail at the newest stable event, once, for the first subscriber. */
  #start(): Promise<void> {
    if (this.#position) return Promise.resolve();
    this.#starting ??= (async () => {
      try {
        this.#position = await this.#db.read((uow) => new EventRepository(uow).head());
        this.#sweep = setInterval(() => this.#wake(), this.#sweepMs);
        this.#sweep.unref();
      } finally {
        this.#starting = null;
      }
    })();
    return this.#starting;
  }

  /** Nobody subscribes any more: forget the position; the next subscriber starts from the head again. */
  #idle(): void {
    if (this.#tailing.running || this.#starting) return;
    this.#position = null;
    if (this.#sweep) clearInterval(this.#sweep);
    if (this.#retry) clearTimeout(this.#retry);
    this.#sweep = null;
    this.#retry = null;
  }

  #wake(): void {
    if (!this.#closed && this.#position) this.#tailing.wake();
  }

  async #tail(): Promise<void> {
    try {
      for (;;) {
        const position = this.#position;
        if (!position || this.#closed) return;
        const { events, waiting } = await this.#db.read((uow) =>
          new EventRepository(uow).tail(position, TAIL_BATCH),
        );
        for (const event of liveEvents(events, false)) {
          this.#position = event.record.cursor;
          this.#pubsub.publish(event, event.record.projectId);
        }
        if (events.length === TAIL_BATCH) continue;
        // Committed events behind a transaction still running become readable when it ends: look again soon.
        if (waiting) this.#retryLater();
        else this.#retryMs = 0;
        return;
      }
    } catch (error) {
      this.#logger.error({ err: error }, 'could not read the events feed; retrying');
      this.#retryLater();
    }
  }

  #retryLater(): void {
    if (this.#retry || this.#closed) return;
    this.#retryMs = Math.min(250, Math.max(2, this.#retryMs * 2));
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#wake();
    }, this.#retryMs);
    this.#retry.unref();
  }
}

/** Events read together share one `shared` scope per key, so a batched computation can serve them all. */
function liveEvents(records: EventRecord[], replayed: boolean): LiveEvent[] {
  return records.map((record) => {
    const values = new Map<string, unknown>();
    return {
      record,
      replayed,
      shared<T>(key: string, compute: () => T): T {
        if (!values.has(key)) values.set(key, compute());
        return values.get(key) as T;
      },
    };
  });
}
