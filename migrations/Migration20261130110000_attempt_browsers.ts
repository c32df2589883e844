import { Migration } from '@mikro-orm/migrations';

/**
 * Which browser started a payment attempt on the hosted pages (hosted-pages/attempt-browsers.repository.ts).
 * Anyone holding an order's `order_url` (a shared single-use payment link leads everyone to the same order) saw
 * the attempt in progress: its challenge or bank link, the card's last four digits, and could cancel it. An
 * attempt started on the order page now records the keyed hash (HMAC-SHA256) of the starting browser's random
 * `_payer` cookie; only that browser sees the attempt's details and acts on it. The cookie's value is never
 * stored. Own-checkout attempts (created through the API) have no row: their `payment_url` is the shop's to
 * hand to its customer, as before.
 *
 * One row per attempt, written in the attempt's own statement; `project_id` is its order's (every tenant table
 * carries it), with no key of its own to `projects`, like every row of an order (20261127100000).
 */
export class Migration20261130110000_attempt_browsers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table attempt_browsers (
        transaction_id uuid primary key references transactions(id) deferrable initially deferred,
        order_id uuid not null references orders(id) deferrable initially deferred,
        project_id uuid not null,
        browser_hash text not null,
        created_at timestamptz not null
      );
      -- The order page asks which of its order's attempts the browser started.
      create index attempt_browsers_order_idx on attempt_browsers (order_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table attempt_browsers;');
  }
}
