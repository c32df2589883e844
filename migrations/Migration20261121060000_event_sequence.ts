import { Migration } from '@mikro-orm/migrations';

/**
 * Transaction events get a database sequence number: two events of one unit of work share a timestamp, and
 * their order must still be the order they happened in.
 */
export class Migration20261121060000_event_sequence extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transaction_events add column seq bigserial;
      create index transaction_events_transaction_seq_idx on transaction_events (transaction_id, seq);
    `);
  }
}
