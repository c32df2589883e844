import type { Order, OutboxConsumer, OutboxEvent, OutboxNeed } from '../orders/index.ts';

/**
 * The one rule that turns outbox rows into webhook deliveries: an order status change whose order or project
 * has a webhook URL gets one pending `status_changed` delivery. Two places apply it: the outbox relay (RELAY in
 * delivery-queue.repository.ts) and, as an outbox consumer (`statusChangeDeliveries`), an order write that
 * relays its own rows.
 */
const DELIVERED_TYPE = 'order.status_changed';

export interface StatusChangeDeliverySource {
  /** The relayed outbox rows as `r` (id, event_id, type, project_id, order_id, data, created_at). */
  rows: string;
  /** A join that brings the order's webhook URL into scope. */
  orderJoin: string;
  /** The order's webhook URL (null when it has none). */
  orderWebhookUrl: string;
  /** When the deliveries are created. */
  createdAt: string;
  /** The attempts a delivery gets at most. */
  maxAttempts: string;
  /** What follows the select (an `on conflict` clause), before `returning`. */
  onConflict?: string;
}

/** The rule as SQL: the deliveries of the status changes among `source.rows`. */
export function insertStatusChangeDeliveries(source: StatusChangeDeliverySource): string {
  return `insert into webhook_deliveries (id, project_id, order_id, outbox_event_id, event_id, reason, order_status,
      state, attempt_count, max_attempts, created_at, next_attempt_at)
    select gen_random_uuid(), r.project_id, r.order_id, r.id, r.event_id, 'status_changed', r.data ->> 'status',
      'pending', 0, ${source.maxAttempts}, ${source.createdAt}, now()
    from ${source.rows}
    ${source.orderJoin}
    join projects p on p.id = r.project_id
    where r.type = '${DELIVERED_TYPE}' and coalesce(${source.orderWebhookUrl}, p.webhook_url) is not null
    order by r.id
    ${source.onConflict ?? ''}
    returning 1`;
}

/**
 * The rule for the outbox rows just inserted by an order write (`{{previous}}`) whose event id is in $1: a
 * delivery for each whose order ($2, in hand) or project has a webhook URL, with $3 attempts at most.
 */
const QUEUE_DELIVERIES = insertStatusChangeDeliveries({
  rows: '{{previous}} r',
  orderJoin:
    'join unnest($1::uuid[], $2::text[]) as u(event_id, order_webhook_url) on u.event_id = r.event_id',
  orderWebhookUrl: 'u.order_webhook_url',
  createdAt: 'r.created_at',
  maxAttempts: '$3::int',
});

/**
 * The webhooks module as an outbox consumer of order writes. Only an order status change can become a
 * delivery: every other row is written relayed. A write that relays itself queues the deliveries of the
 * status changes whose order it has in hand in its own statement; otherwise a status change whose order (in
 * hand; its URL changes only under the order's row lock) has no URL needs the relay only when its project has
 * one, which the insert checks (`relayWhen`); any other status change is left to the relay.
 */
export function statusChangeDeliveries(maxAttempts: number): OutboxConsumer {
  return {
    needs(row: OutboxEvent, order: Order | undefined, write: { relaysItself: boolean }): OutboxNeed {
      if (row.type !== DELIVERED_TYPE) return 'nothing';
      if (order === undefined) return 'relay';
      if (write.relaysItself) return 'now';
      return order.webhookUrl == null ? 'maybe' : 'relay';
    },
    relayWhen: `r.type = '${DELIVERED_TYPE}'
           and exists (select 1 from projects p where p.id = r.project_id and p.webhook_url is not null)`,
    partFor(rows) {
      return {
        sql: QUEUE_DELIVERIES,
        values: [
          rows.map(({ row }) => row.eventId),
          rows.map(({ order }) => order.webhookUrl ?? null),
          maxAttempts,
        ],
        readsPrevious: true,
        counted: true,
        // Set-based over the outbox rows just inserted: concurrent writes' rows join (`SqlPart.merges`).
        merges: ['list', 'list', 'same'],
      };
    },
  };
}
