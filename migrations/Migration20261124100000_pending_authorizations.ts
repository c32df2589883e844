import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 16: an acquirer may take a card authorization and answer later (`pending`), and its late answer may be
 * that it gave up waiting for the issuer (`expired`).
 */
export class Migration20261124100000_pending_authorizations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table card_authorizations drop constraint card_authorizations_result_check;
      alter table card_authorizations add constraint card_authorizations_result_check check (result in (
        'challenge_required', 'approved', 'declined', 'error', 'authentication_failed', 'pending', 'expired'));
    `);
  }
}
