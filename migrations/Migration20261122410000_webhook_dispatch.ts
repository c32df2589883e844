import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook deliveries become their own queue (issue 12 "Events", issue 13 point 5), replacing one pg-boss job per
 * attempt:
 *
 * - `next_attempt_at` of a pending delivery is when it is due; `lease_until` is set while a worker attempts it
 *   (a worker that dies lets the lease run out and another one picks the delivery up). Workers claim due
 *   deliveries in batches, fairly across projects and at most WEBHOOK_PROJECT_CONCURRENCY per project at once
 *   across every process, so one project's dead endpoint cannot hold back another project's webhooks.
 * - `event_id`: the event the notification is about, sent as the Standard Webhooks `webhook-id` on every
 *   attempt (it outlives the event's purge).
 * - `webhook_health`: per project, the last success, the last failure and the failures since the last success.
 * - Signing secrets can be rotated with an overlap: the previous secret keeps signing (beside the new one)
 *   until `webhook_signing_previous_until`.
 */
export class Migration20261122410000_webhook_dispatch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table webhook_deliveries
        add column event_id uuid,
        add column lease_until timestamptz;
      update webhook_deliveries d set event_id = e.event_id from outbox_events e where e.id = d.outbox_event_id;
      update webhook_deliveries set event_id = gen_random_uuid() where event_id is null;
      alter table webhook_deliveries alter column event_id set not null;

      -- Due deliveries per project, oldest due first (the claim), and those a worker holds right now.
      create index webhook_deliveries_due_idx on webhook_deliveries (project_id, next_attempt_at, id)
        where state = 'pending';
      create index webhook_deliveries_next_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending';
      create index webhook_deliveries_leased_idx on webhook_deliveries (project_id, lease_until)
        where lease_until is not null;
      -- The project's delivery log, newest first.
      create index webhook_deliveries_project_idx on webhook_deliveries (project_id, created_at desc, id desc);

      create table webhook_health (
        project_id uuid primary key references projects(id) deferrable initially deferred,
        last_success_at timestamptz,
        last_failure_at timestamptz,
        consecutive_failures int not null default 0 check (consecutive_failures >= 0)
      );

      alter table projects
        add column webhook_signing_secret_previous text,
        add column webhook_signing_previous_until timestamptz;
    `);
  }
}
