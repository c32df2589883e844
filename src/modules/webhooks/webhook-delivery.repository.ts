import { Repository } from '../../platform/db/repository.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import { Order } from '../orders/order.entity.ts';
import { OutboxEvent } from '../orders/outbox.entity.ts';
import { Project } from '../projects/project.entity.ts';
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

  /** Sets (or with null, removes) the project's signing secret; false when there is no such project. */
  async setSigningSecret(projectId: string, secret: string | null, at: Date): Promise<boolean> {
    const result = await this.em.execute<{ affectedRows: number }>(
      'update projects set webhook_signing_secret = ?, modified_at = ? where id = ?',
      [secret, at, projectId],
      'run',
    );
    return result.affectedRows > 0;
  }

  /** New deliveries also wake the delivery workers once the transaction commits. */
  add(...entities: (WebhookDelivery | WebhookDeliveryAttempt)[]): void {
    for (const entity of entities) {
      this.em.persist(entity);
      if (entity instanceof WebhookDelivery) this.signalAfterCommit(DELIVERIES_CHANNEL);
    }
  }
}
