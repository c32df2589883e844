import { Migration } from '@mikro-orm/migrations';

/** A replayed 201 carries the `Location` of the first answer (issue 17: `Location` on every 201). */
export class Migration20261123400000_idempotent_location extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table idempotency_keys add column response_location text;');
  }
}
