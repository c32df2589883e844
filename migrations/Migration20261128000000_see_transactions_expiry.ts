import { Migration } from '@mikro-orm/migrations';

/**
 * Expiry also acts on `see-transactions` orders whose deadline passed with an attempt still open: the attempt
 * expires and the order keeps its payment (orders/commands/expire-order.ts). The overdue sweep finds them by this
 * partial index, as it finds open orders by `orders_open_expiry_idx`; few orders are ever `see-transactions`, so
 * it costs order writes nothing else.
 */
export class Migration20261128000000_see_transactions_expiry extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index orders_see_transactions_expiry_idx on orders (expires_at) where status = 'see-transactions';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index orders_see_transactions_expiry_idx;');
  }
}
