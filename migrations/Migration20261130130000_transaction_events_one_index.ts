import { Migration } from '@mikro-orm/migrations';

/**
 * A transaction's events are read by their order of happening, `seq` (transaction_events_transaction_seq_idx,
 * since 20261121060000); the first index, on `(transaction_id, occurred_at)`, has had no reader since (no
 * statement filters or sorts a transaction's events by time: pg_stat_user_indexes counts 0 scans where the
 * `seq` index counts every view read). Every event row still wrote an entry into it: 3 to 4 a card flow.
 */
export class Migration20261130130000_transaction_events_one_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists transaction_events_transaction_idx;');
  }

  override async down(): Promise<void> {
    this.addSql(
      'create index transaction_events_transaction_idx on transaction_events (transaction_id, occurred_at);',
    );
  }
}
