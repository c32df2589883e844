import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery log: one row per notification (a status change relayed from the outbox, or a redelivery
 * asked for by the merchant) and one row per attempt. Plus the opt-in per-project signing secret.
 */
export class Migration20261121030000_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- Opt-in HMAC-SHA256 signing of webhooks; null means deliveries are not signed.
      alter table projects add column webhook_signing_secret text;

      create table webhook_deliveries (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        order_id uuid not null references orders(id) deferrable initially deferred,
        outbox_event_id bigint references outbox_events(id) deferrable initially deferred,
        reason text not null check (reason in ('status_changed', 'redelivery')),
        -- The order status the notification is about (the body itself deliberately carries none).
        order_status text not null,
        state text not null check (state in ('pending', 'delivered', 'failed')),
        attempt_count int not null default 0 check (attempt_count >= 0),
        max_attempts int not null check (max_attempts >= 1),
        created_at timestamptz not null,
        last_attempt_at timestamptz,
        next_attempt_at timestamptz,
        completed_at timestamptz
      );
      create index webhook_deliveries_order_idx on webhook_deliveries (order_id, created_at desc);
      -- A status change is relayed at most once, even if two relays ever raced past SKIP LOCKED.
      create unique index webhook_deliveries_outbox_event_uq on webhook_deliveries (outbox_event_id)
        where reason = 'status_changed';

      create table webhook_delivery_attempts (
        id uuid primary key,
        delivery_id uuid not null references webhook_deliveries(id) deferrable initially deferred,
        attempt_number int not null check (attempt_number >= 1),
        started_at timestamptz not null,
        url text,
        http_status int,
        -- null on success; otherwise why the attempt failed (http_status, connect_timeout, read_timeout, ...).
        error_kind text,
        error_message text,
        duration_ms int not null check (duration_ms >= 0),
        response_excerpt text,
        signed boolean not null default false,
        unique (delivery_id, attempt_number)
      );
    `);
  }
}
