import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: what each transaction settled and the fee on it, recorded when its money moved
 * (orders/settlement-rules.ts); the CSV report reads these columns. Existing rows get their settlement by the same
 * rules (fees were not charged before: 0).
 */
export class Migration20261123210000_settlement extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transactions
        add column settlement_amount bigint,
        add column settlement_currency text,
        add column fee_amount bigint,
        add column fee_currency text;
      update transactions t
         set settlement_amount = case when o.kind in ('refund', 'chargeback') then -t.amount else t.amount end,
             settlement_currency = t.currency, fee_amount = 0, fee_currency = t.currency
        from orders o
       where o.id = t.order_id
         and ((o.kind = 'payment' and t.capture_mode = 'automatic' and t.status in ('accepted', 'completed'))
           or (o.kind in ('refund') and t.status in ('accepted', 'completed'))
           or (o.kind in ('capture', 'chargeback', 'reversal') and t.status = 'completed'));
    `);
  }
}
