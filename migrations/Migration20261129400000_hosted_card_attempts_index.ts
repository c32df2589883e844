import { Migration } from '@mikro-orm/migrations';

/**
 * The completer of hosted card attempts (payments/commands/complete-card-attempts.ts) found its candidates
 * through `transactions_open_card_attempts_idx`: every credit-card transaction still `new`. That includes every
 * own checkout waiting for its customer's card, which is most of them while orders are open: with 45,606 such
 * transactions the completer's query read them all and looked each order up to drop it (220–357 ms, every few
 * seconds, in every process with background work). A hosted attempt always has its card stored, in the same
 * transaction that creates it (`setup_token_used_at` set), and an own checkout waiting for its card never has:
 * the index now holds only transactions with a stored card.
 */
export class Migration20261129400000_hosted_card_attempts_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index transactions_card_attempts_idx on transactions (modified_at)
        where status = 'new' and payment_method = 'credit-card' and setup_token_used_at is not null;
      drop index transactions_open_card_attempts_idx;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create index transactions_open_card_attempts_idx on transactions (modified_at)
        where status = 'new' and payment_method = 'credit-card';
      drop index transactions_card_attempts_idx;
    `);
  }
}
