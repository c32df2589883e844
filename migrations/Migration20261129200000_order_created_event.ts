import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28: every new order records an `order.created` event (orders/order-events.ts), so the events feed and
 * the `orderCreated` subscription see an order the moment it exists, one without transactions included.
 */
export class Migration20261129200000_order_created_event extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table outbox_events drop constraint outbox_events_type_check;
      alter table outbox_events add constraint outbox_events_type_check check (type in (
        'order.created', 'order.status_changed', 'transaction.status_changed', 'order.refunded', 'order.captured',
        'order.voided', 'order.charged_back', 'order.chargeback_reversed', 'webhook.gave_up'));
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      delete from outbox_events where type = 'order.created';
      alter table outbox_events drop constraint outbox_events_type_check;
      alter table outbox_events add constraint outbox_events_type_check check (type in (
        'order.status_changed', 'transaction.status_changed', 'order.refunded', 'order.captured',
        'order.voided', 'order.charged_back', 'order.chargeback_reversed', 'webhook.gave_up'));
    `);
  }
}
