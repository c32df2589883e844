import { Repository } from '../../platform/db/repository.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import { Order, OutboxEvent } from '../orders/index.ts';
import { Project } from '../projects/index.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhook-delivery.entity.ts';

/** Where and how one order's webhook goes right now. */
export interface DeliveryTarget {
  /** The order's `webhook_url`, else the project's; null when neither is set. */
  url: string | null;
  projectMode: 'test' | 'live';
  signingSecret: string | null;
}

export interface DeliveryWithAttempts {
  delivery: WebhookDelivery;
  attempts: WebhookDeliveryAttempt[];
}

export class WebhookDeliveryRepository extends Repository {
  async targetOf(orderId: string): Promise<DeliveryTarget | null> {
    const order = await this.em.findOne(
      Order,
      { id: orderId },
      { fields: ['id', 'projectId', 'webhookUrl'] },
    );
    if (!order) return null;
    const project = await this.em.findOne(
      Project,
      { id: order.projectId },
      { fields: ['id', 'webhookUrl', 'mode'] },
    );
    if (!project) return null;
    return {
      url: order.webhookUrl ?? project.webhookUrl ?? null,
      projectMode: project.mode,
      signingSecret: await this.signingSecretOf(project.id),
    };
  }

  /** The orders' deliveries, newest first, each with its attempts oldest first. */
  async deliveriesOf(orderIds: string[]): Promise<Map<string, DeliveryWithAttempts[]>> {
    const byOrder = new Map<string, DeliveryWithAttempts[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const deliveries = await this.em.find(
      WebhookDelivery,
      { orderId: { $in: orderIds } },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const attempts = deliveries.length
      ? await this.em.find(
          WebhookDeliveryAttempt,
          { deliveryId: { $in: deliveries.map((d) => d.id) } },
          { orderBy: { attemptNumber: 'asc' } },
        )
      : [];
    for (const delivery of deliveries) {
      byOrder.get(delivery.orderId)?.push({
        delivery,
        attempts: attempts.filter((a) => a.deliveryId === delivery.id),
      });
    }
    return byOrder;
  }

  /** The order's latest status-change notification, if its status ever changed. */
  latestStatusChange(orderId: string): Promise<OutboxEvent | null> {
    return this.em.findOne(
      OutboxEvent,
      { orderId, type: 'order.status_changed' },
      { orderBy: { id: 'desc' } },
    );
  }

  /**
   * Holds the project's redeliveries' lock until the transaction ends, so that the check for a pending
   * redelivery and the insert of a new one are one step: two calls at once (20 in a fuzzing run) both found
   * none and both inserted. Its own statement, before the check, whose snapshot is then taken after the wait.
   */
  async lockRedeliveriesOf(projectId: string): Promise<void> {
    await this.em.execute(
      "select pg_advisory_xact_lock(hashtextextended('webhook_redeliveries:' || ?::text, 0))",
      [projectId],
    );
  }

  findPendingRedelivery(orderId: string): Promise<WebhookDelivery | null> {
    return this.em.findOne(WebhookDelivery, { orderId, reason: 'redelivery', state: 'pending' });
  }

  async signingSecretOf(projectId: string): Promise<string | null> {
    const rows = await this.em.execute<{ secret: string | null }[]>(
      'select webhook_signing_secret as secret from projects where id = ?',
      [projectId],
    );
    return rows[0]?.secret ?? null;
  }

  /**
   * Sets (or with null, removes) the project's signing secret, ending any rotation's overlap at once; false when
   * there is no such project.
   */
  async setSigningSecret(projectId: string, secret: string | null, at: Date): Promise<boolean> {
    const rows = await this.query(
      `update projects set webhook_signing_secret = $1, webhook_signing_secret_previous = null,
         webhook_signing_previous_until = null, modified_at = $2
       where id = $3::uuid returning id`,
      [secret, at, projectId],
    );
    return rows.length > 0;
  }

  /**
   * Makes `secret` the signing secret while the current one keeps signing until `previousUntil`; false when the
   * project does not sign its webhooks.
   */
  async rotateSigningSecret(
    projectId: string,
    secret: string,
    previousUntil: Date,
    at: Date,
  ): Promise<boolean> {
    const rows = await this.query(
      `update projects set webhook_signing_secret_previous = webhook_signing_secret,
         webhook_signing_previous_until = $2, webhook_signing_secret = $1, modified_at = $3
       where id = $4::uuid and webhook_signing_secret is not null returning id`,
      [secret, previousUntil, at, projectId],
    );
    return rows.length > 0;
  }

  /** The secrets webhooks are signed with right now, newest first (two during a rotation's overlap). */
  async signingSecretsOf(projectId: string): Promise<string[]> {
    const [row] = await this.query<{ current: string | null; previous: string | null }>(
      `select webhook_signing_secret as current,
         case when webhook_signing_previous_until > now() then webhook_signing_secret_previous end as previous
       from projects where id = $1::uuid`,
      [projectId],
    );
    return [row?.current, row?.previous].filter((secret): secret is string => Boolean(secret));
  }

  /** New deliveries also wake the delivery workers once the transaction commits. */
  add(...entities: (WebhookDelivery | WebhookDeliveryAttempt)[]): void {
    for (const entity of entities) {
      this.em.persist(entity);
      if (entity instanceof WebhookDelivery) this.signalAfterCommit(DELIVERIES_CHANNEL);
    }
  }
}
