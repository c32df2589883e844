import type { Logger } from 'pino';
import type { Db } from '../../platform/db/db.ts';
import type { LiveFeed } from '../../platform/graphql/context.ts';
import { OUTBOX_CHANNEL } from '../../platform/pubsub/channels.ts';
import type { PgListener } from '../../platform/pubsub/pg-listener.ts';
import { PubSub } from '../../platform/pubsub/pubsub.ts';
import type { OutboxEvent, OutboxTopic } from '../orders/outbox.entity.ts';
import { OutboxNotificationRepository } from './outbox-notification.repository.ts';

/** One committed status change, as subscribers see it. */
export interface OutboxNotification {
  id: number;
  topic: OutboxTopic;
  projectId: string;
  orderId: string;
  transactionId: string | null;
  fromStatus: string | null;
  toStatus: string;
  createdAt: Date;
}

const CATCH_UP_LIMIT = 1000;

/**
 * The live feed of one process: every outbox row committed by any process (PostgreSQL NOTIFY on
 * `outbox_events` carries the row id), read back and fanned out to this process's subscriptions. Rows are
 * only read while someone subscribes. After a lost LISTEN connection the feed catches up from the last id
 * it saw, so a short outage does not silently drop changes.
 */
export class OutboxFeed implements LiveFeed<OutboxNotification> {
  readonly #pubsub = new PubSub<OutboxNotification>();
  readonly #db: Db;
  readonly #logger: Logger;
  readonly #unlisten: (() => void)[] = [];
  readonly #pendingIds = new Set<number>();
  /** Ids notified and not yet published: waiting for the next read, or being read. */
  readonly #inFlight = new Set<number>();
  #flushScheduled = false;
  #lastSeenId = 0;
  #closed = false;

  constructor(options: { db: Db; notifications: PgListener; logger: Logger }) {
    this.#db = options.db;
    this.#logger = options.logger;
    this.#unlisten.push(
      options.notifications.on(OUTBOX_CHANNEL, (payload) => this.#notified(Number(payload))),
      options.notifications.onReconnect(() => void this.#catchUp()),
    );
  }

  /** Yields each later change `accept` keeps, until the iterator is returned (the client unsubscribes). */
  subscribe(
    accept: (notification: OutboxNotification) => boolean,
  ): AsyncIterableIterator<OutboxNotification> {
    // Rows already notified but still being read were committed before this subscription: not "later".
    const earlier = new Set(this.#inFlight);
    return this.#pubsub.subscribe((notification) => !earlier.has(notification.id) && accept(notification));
  }

  close(): void {
    this.#closed = true;
    for (const unlisten of this.#unlisten) unlisten();
    this.#pubsub.close();
  }

  #notified(id: number): void {
    if (!Number.isSafeInteger(id) || this.#closed) return;
    if (this.#pubsub.size === 0) {
      this.#lastSeenId = Math.max(this.#lastSeenId, id);
      return;
    }
    this.#pendingIds.add(id);
    this.#inFlight.add(id);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    // Notifications of one commit arrive together: read them back in one query.
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    this.#flushScheduled = false;
    const ids = [...this.#pendingIds];
    this.#pendingIds.clear();
    try {
      const rows = await this.#db.read((uow) => new OutboxNotificationRepository(uow).findByIds(ids));
      this.#publish(rows);
    } catch (error) {
      this.#logger.error({ err: error }, 'could not read outbox rows for subscriptions');
    } finally {
      for (const id of ids) this.#inFlight.delete(id);
    }
  }

  async #catchUp(): Promise<void> {
    if (this.#closed || this.#pubsub.size === 0 || this.#lastSeenId === 0) return;
    try {
      const rows = await this.#db.read((uow) =>
        new OutboxNotificationRepository(uow).findAfter(this.#lastSeenId, CATCH_UP_LIMIT),
      );
      this.#publish(rows);
    } catch (error) {
      this.#logger.error({ err: error }, 'could not catch up on outbox rows for subscriptions');
    }
  }

  #publish(rows: OutboxEvent[]): void {
    if (this.#closed) return;
    for (const row of rows) {
      this.#lastSeenId = Math.max(this.#lastSeenId, row.id);
      this.#pubsub.publish({
        id: row.id,
        topic: row.topic,
        projectId: row.projectId,
        orderId: row.orderId,
        transactionId: row.transactionId ?? null,
        fromStatus: row.fromStatus ?? null,
        toStatus: row.toStatus,
        createdAt: row.createdAt,
      });
    }
  }
}
