import { Migration } from '@mikro-orm/migrations';

/**
 * Order lines (issue 33): what the customer buys, line by line, as the shop plugins send them, stored as sent
 * on the order (and, on a refund order, the lines refunded). A GIN index over the lines' jsonb (`jsonb_path_ops`,
 * which serves `@>` only) makes the search's `order_lines.merchant_order_line_id:<id>` one index probe. Orders
 * without lines store null and cost the index nothing.
 */
export class Migration20261129000000_order_lines extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table orders add column order_lines jsonb null;');
    this.addSql(
      'create index orders_order_lines_idx on orders using gin (order_lines jsonb_path_ops) where order_lines is not null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index orders_order_lines_idx;');
    this.addSql('alter table orders drop column order_lines;');
  }
}
