import { Migration } from '@mikro-orm/migrations';

/**
 * A rolled key has at most one successor: a key made by a roll names the key it replaced (`rolled_from_id`), and
 * a partial unique index lets no two keys name the same one, however many rolls of it run at once (the roll
 * command refuses a second one with `api_key_already_rolled`; the index is the last word under any race). Keys
 * rolled before this release name none: nothing recorded which key replaced which.
 */
export class Migration20261130100000_one_successor_per_key extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table api_keys add column rolled_from_id uuid;
      create unique index api_keys_rolled_from_idx on api_keys (rolled_from_id) where rolled_from_id is not null;
    `);
  }
}
