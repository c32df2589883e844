/**
 * The one rule that turns relayed outbox rows into webhook deliveries, as SQL: an order status change whose
 * order or project has a webhook URL gets one pending `status_changed` delivery. Two statements use it: the
 * outbox relay (webhooks' RELAY) and an order write that relays its own rows (orders' QUEUE_DELIVERIES).
 * No imports: the orders module reads it without loading the webhooks module.
 */
export interface StatusChangeDeliverySource {
  /** The relayed outbox rows as `r` (id, event_id, type, project_id, order_id, data). */
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

export function insertStatusChangeDeliveries(source: StatusChangeDeliverySource): string {
  return `insert into webhook_deliveries (id, project_id, order_id, outbox_event_id, event_id, reason, order_status,
      state, attempt_count, max_attempts, created_at, next_attempt_at)
    select gen_random_uuid(), r.project_id, r.order_id, r.id, r.event_id, 'status_changed', r.data ->> 'status',
      'pending', 0, ${source.maxAttempts}, ${source.createdAt}, now()
    from ${source.rows}
    ${source.orderJoin}
    join projects p on p.id = r.project_id
    where r.type = 'order.status_changed' and coalesce(${source.orderWebhookUrl}, p.webhook_url) is not null
    order by r.id
    ${source.onConflict ?? ''}
    returning 1`;
}
