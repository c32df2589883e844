import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: chargebacks and reversals are orders of their own (`kind` `chargeback`, related to the disputed
 * order; `reversal`, related to the chargeback order), found through the existing related_order_id index.
 */
export class Migration20261123200000_chargebacks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table orders drop constraint orders_kind_check;
      alter table orders add constraint orders_kind_check
        check (kind in ('payment', 'refund', 'capture', 'void', 'chargeback', 'reversal'));
      alter table outbox_events drop constraint outbox_events_type_check;
      alter table outbox_events add constraint outbox_events_type_check check (type in (
        'order.status_changed', 'transaction.status_changed', 'order.refunded', 'order.captured',
        'order.voided', 'order.charged_back', 'order.chargeback_reversed', 'webhook.gave_up'));
    `);
  }
}
