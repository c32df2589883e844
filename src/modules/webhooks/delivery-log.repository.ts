import type { FilterQuery } from '@mikro-orm/core';
import { Repository } from '../../platform/db/repository.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity.ts';
import type { DeliveryWithAttempts } from './webhook-delivery.repository.ts';

/** Where a delivery stands in the project-wide log (`WebhookDelivery.status`). */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failing' | 'gave_up';

export function statusOf(delivery: Pick<WebhookDelivery, 'state' | 'attemptCount'>): DeliveryStatus {
  if (delivery.state === 'delivered') return 'succeeded';
  if (delivery.state === 'failed') return 'gave_up';
  return delivery.attemptCount === 0 ? 'pending' : 'failing';
}

export interface DeliverySelection {
  projectId: string;
  status?: DeliveryStatus | null;
  orderId?: string | null;
  /** Created at or after. */
  since?: Date | null;
}

/** A position in the log, newest first: the last delivery of the previous page. */
export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

export interface WebhookHealthRow {
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  consecutiveFailures: number;
}

/** The project-wide delivery log: pages, bulk redelivery, and the endpoint's health. */
export class DeliveryLogRepository extends Repository {
  /** A page of the project's deliveries, newest first, each with its attempts oldest first. */
  async page(selection: DeliverySelection, after: DeliveryPosition | null, limit: number) {
    const where: FilterQuery<WebhookDelivery>[] = [whereOf(selection)];
    if (after) {
      where.push({
        $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }],
      });
    }
    const deliveries = await this.em.find(
      WebhookDelivery,
      { $and: where },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit },
    );
    const attempts = deliveries.length
      ? await this.em.find(
          WebhookDeliveryAttempt,
          { deliveryId: { $in: deliveries.map((d) => d.id) } },
          { orderBy: { attemptNumber: 'asc' } },
        )
      : [];
    return deliveries.map(
      (delivery): DeliveryWithAttempts => ({
        delivery,
        attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
      }),
    );
  }

  /**
   * Queues a new delivery of the same event for each of the newest `limit` deliveries selected whose event has
   * no delivery pending; returns how many were selected and how many queued.
   */
  async redeliver(
    selection: DeliverySelection,
    limit: number,
    maxAttempts: number,
    at: Date,
  ): Promise<{ selected: number; queued: number }> {
    const values: unknown[] = [selection.projectId];
    const where = ['d.project_id = $1::uuid'];
    const param = (value: unknown, type: string) => {
      values.push(value);
      return `$${values.length}::${type}`;
    };
    if (selection.orderId) where.push(`d.order_id = ${param(selection.orderId, 'uuid')}`);
    if (selection.since) where.push(`d.created_at >= ${param(selection.since, 'timestamptz')}`);
    if (selection.status) where.push(STATUS_SQL[selection.status]);
    const [row] = await this.query<{ selected: number; queued: number }>(
      `with selection as (
         select d.* from webhook_deliveries d where ${where.join(' and ')}
         order by d.created_at desc, d.id desc limit ${param(limit, 'int')}
       ), events as (
         select distinct on (s.event_id) s.* from selection s order by s.event_id, s.created_at desc
       ), queued as (
         insert into webhook_deliveries (id, project_id, order_id, outbox_event_id, event_id, reason, order_status,
           state, attempt_count, max_attempts, created_at, next_attempt_at)
         select gen_random_uuid(), e.project_id, e.order_id, e.outbox_event_id, e.event_id, 'redelivery',
           e.order_status, 'pending', 0, ${param(maxAttempts, 'int')}, ${param(at, 'timestamptz')}, now()
         from events e
         where not exists (
           select 1 from webhook_deliveries p where p.event_id = e.event_id and p.state = 'pending')
         returning 1
       )
       select (select count(*) from selection)::int as selected, (select count(*) from queued)::int as queued`,
      values,
    );
    if (row && row.queued > 0) this.signalAfterCommit(DELIVERIES_CHANNEL);
    return row ?? { selected: 0, queued: 0 };
  }

  async health(projectId: string): Promise<WebhookHealthRow> {
    const [row] = await this.query<{
      last_success_at: Date | null;
      last_failure_at: Date | null;
      consecutive_failures: number;
    }>(
      `select last_success_at, last_failure_at, consecutive_failures from webhook_health where project_id = $1::uuid`,
      [projectId],
    );
    return {
      lastSuccessAt: row?.last_success_at ? new Date(row.last_success_at) : null,
      lastFailureAt: row?.last_failure_at ? new Date(row.last_failure_at) : null,
      consecutiveFailures: row?.consecutive_failures ?? 0,
    };
  }
}

const STATUS_SQL: Record<DeliveryStatus, string> = {
  pending: "d.state = 'pending' and d.attempt_count = 0",
  failing: "d.state = 'pending' and d.attempt_count > 0",
  succeeded: "d.state = 'delivered'",
  gave_up: "d.state = 'failed'",
};

function whereOf(selection: DeliverySelection): FilterQuery<WebhookDelivery> {
  const where: FilterQuery<WebhookDelivery> & Record<string, unknown> = { projectId: selection.projectId };
  if (selection.orderId) where.orderId = selection.orderId;
  if (selection.since) where.createdAt = { $gte: selection.since };
  switch (selection.status) {
    case 'pending':
      Object.assign(where, { state: 'pending', attemptCount: 0 });
      break;
    case 'failing':
      Object.assign(where, { state: 'pending', attemptCount: { $gt: 0 } });
      break;
    case 'succeeded':
      where.state = 'delivered';
      break;
    case 'gave_up':
      where.state = 'failed';
      break;
  }
  return where;
}
