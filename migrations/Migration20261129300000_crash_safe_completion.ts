import { Migration } from '@mikro-orm/migrations';

/**
 * Crash-safe money, completed (issue 32).
 *
 * - `transactions_open_card_attempts_idx`: how the completer (payments/commands/complete-card-attempts.ts) finds
 *   card attempts left `new` (few at any time: own checkouts waiting for their card, hosted attempts between
 *   their two phases).
 * - `acquirer_operations.original_transaction_id`: which authorization a capture, void or refund of the test
 *   acquirer acted on, so its books can be reconciled with ours (a void that released an abandoned attempt).
 */
export class Migration20261129300000_crash_safe_completion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index transactions_open_card_attempts_idx on transactions (modified_at)
        where status = 'new' and payment_method = 'credit-card';
      alter table acquirer_operations add column original_transaction_id uuid;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index transactions_open_card_attempts_idx;
      alter table acquirer_operations drop column original_transaction_id;
    `);
  }
}
