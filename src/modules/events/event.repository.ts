import { preparedRead } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import type { EventData, EventType } from '../orders/index.ts';
import type { Cursor } from './cursor.ts';
import type { EventFilter, EventRecord } from './event-record.ts';

interface EventRow {
  txid: string;
  seq: string;
  event_id: string;
  type: EventType;
  project_id: string;
  order_id: string;
  transaction_id: string | null;
  occurred_at: Date | string;
  data: EventData;
}

const COLUMNS = `e.txid::text as txid, e.id::text as seq, e.event_id, e.type, e.project_id, e.order_id,
  e.transaction_id, e.occurred_at, e.data`;

const FIND_EVENTS = preparedRead(
  'events.find_many',
  `select ${COLUMNS} from outbox_events e where e.project_id = $1::uuid and e.event_id = any($2::uuid[])`,
);

/**
 * Events are visible once they are *stable*: their transaction is older than every transaction of this
 * database still running (`outbox_stable_horizon()`, see its migration), so no event can later appear before
 * one already read. Every read of the feed (pages, replays, the live tail) shows only stable events, in
 * `(txid, id)` order. The horizon is computed once per statement.
 */
const HORIZON = 'with h as materialized (select outbox_stable_horizon() as horizon)';
const STABLE = 'e.txid < (select horizon from h)';

export interface PageQuery {
  filter: EventFilter;
  /** Exclusive lower bound (forward) or upper bound (backward). */
  from?: Cursor | null;
  /** Inclusive upper bound for forward reads (a replay up to the live tail's position). */
  until?: Cursor | null;
  limit: number;
  direction: 'forward' | 'backward';
}

/** Reads of the events feed (outbox_events). Rows are written only by the orders module's outbox writer. */
export class EventRepository extends Repository {
  /**
   * A page of stable events in feed order (backward pages are returned newest first), and whether events of
   * the selection have committed but are not stable yet (they will be within moments).
   */
  async page(query: PageQuery): Promise<{ events: EventRecord[]; waiting: boolean }> {
    const values: unknown[] = [query.filter.projectId];
    const where = ['e.project_id = $1', STABLE];
    const param = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const { filter } = query;
    if (filter.types?.length) where.push(`e.type = any(${param(filter.types)}::text[])`);
    if (filter.orderId) where.push(`e.order_id = ${param(filter.orderId)}::uuid`);
    if (filter.occurredAfter) where.push(`e.occurred_at > ${param(filter.occurredAfter)}::timestamptz`);
    const forward = query.direction === 'forward';
    if (query.from) {
      where.push(
        `(e.txid, e.id) ${forward ? '>' : '<'} (${param(query.from.txid)}::xid8, ${param(query.from.id)}::bigint)`,
      );
    }
    if (query.until) {
      where.push(`(e.txid, e.id) <= (${param(query.until.txid)}::xid8, ${param(query.until.id)}::bigint)`);
    }
    const order = forward ? 'e.txid, e.id' : 'e.txid desc, e.id desc';
    const selection = where.filter((condition) => condition !== STABLE).join(' and ');
    const rows = await this.query<EventRow & { waiting: boolean }>(
      `${HORIZON}
       select w.waiting, p.* from
         (select exists (select 1 from outbox_events e where ${selection} and e.txid >= (select horizon from h))
           as waiting) w
       left join lateral (
         select ${COLUMNS} from outbox_events e where ${where.join(' and ')} order by ${order}
         limit ${param(query.limit)}
       ) p on true`,
      values,
    );
    return {
      events: rows.filter((row) => row.event_id !== null).map(toRecord),
      waiting: rows[0]?.waiting ?? false,
    };
  }

  /** One of the project's events by its id; another project's event is simply not found. */
  async findEvent(projectId: string, eventId: string): Promise<EventRecord | null> {
    const rows = await this.query<EventRow>(
      `select ${COLUMNS} from outbox_events e where e.event_id = $1::uuid and e.project_id = $2::uuid`,
      [eventId, projectId],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The project's events among `eventIds` (lower-case uuids), in no particular order: one statement. */
  async findEvents(projectId: string, eventIds: readonly string[]): Promise<EventRecord[]> {
    const rows = await this.prepared<EventRow>(FIND_EVENTS, [projectId, eventIds]);
    return rows.map(toRecord);
  }

  /**
   * The live tail of every project: the next stable events after `after`, and whether committed events wait
   * behind a transaction still running (read again shortly, they become stable when it ends).
   */
  async tail(after: Cursor, limit: number): Promise<{ events: EventRecord[]; waiting: boolean }> {
    const rows = await this.query<EventRow & { waiting: boolean }>(
      `${HORIZON}
       select exists (select 1 from outbox_events w where w.txid >= (select horizon from h)) as waiting, t.*
       from (select 1) one
       left join lateral (
         select ${COLUMNS} from outbox_events e
         where (e.txid, e.id) > ($1::xid8, $2::bigint) and ${STABLE}
         order by e.txid, e.id limit $3
       ) t on true`,
      [after.txid, after.id, limit],
    );
    return {
      events: rows.filter((row) => row.event_id !== null).map(toRecord),
      waiting: rows[0]?.waiting ?? false,
    };
  }

  /** The position of the newest stable event of every project: where a live tail starts. */
  async head(): Promise<Cursor> {
    const rows = await this.query<{ txid: string; seq: string }>(
      `${HORIZON}
       select e.txid::text as txid, e.id::text as seq from outbox_events e where ${STABLE}
       order by e.txid desc, e.id desc limit 1`,
    );
    return rows[0] ? { txid: rows[0].txid, id: rows[0].seq } : { txid: '0', id: '0' };
  }

  /** Deletes up to `limit` relayed events that occurred before `cutoff`, oldest first; returns how many. */
  async purgeBefore(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.query<{ n: string }>(
      `with gone as (
         delete from outbox_events where id in (
           select id from outbox_events
           where occurred_at < $1::timestamptz and relayed_at is not null
           order by occurred_at limit $2)
         returning 1)
       select count(*)::text as n from gone`,
      [cutoff, limit],
    );
    return Number(rows[0]?.n ?? 0);
  }
}

function toRecord(row: EventRow): EventRecord {
  return {
    eventId: row.event_id,
    cursor: { txid: row.txid, id: row.seq },
    type: row.type,
    projectId: row.project_id,
    orderId: row.order_id,
    transactionId: row.transaction_id,
    occurredAt: row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at),
    data: row.data,
  };
}
