import { Migration } from '@mikro-orm/migrations';

/**
 * Less work per order write (issue 12, the own-checkout card flow), with integrity as strong or stronger.
 *
 * Foreign keys. An order carried two independent keys, `project_id -> projects(id)` and
 * `merchant_id -> merchants(id)`: two checks at commit, each a FOR KEY SHARE lock on a row that every
 * concurrent write of the project (or merchant) shares, and neither proved that the order's merchant IS its
 * project's merchant. They become ONE composite key, `(project_id, merchant_id) -> projects(id, merchant_id)`:
 * one check, and an order can no longer name another merchant than its project's (the project's merchant is
 * still checked by `projects -> merchants`). Still deferred to commit, no ON DELETE action.
 *
 * Tried and left out: the same pairing for the rows that belong to an order (transactions, outbox rows, cards,
 * authorizations: `(order_id, project_id) -> orders(id, project_id)`, 21 -> 14 checks per flow). It needs a
 * unique index on orders (id, project_id), one more entry per order write, and PostgreSQL then reaches the rows
 * of the hot writes' updates (`id = any(...)`) through that index instead of the primary key (a planner choice
 * test/orders/order-writes.test.ts pins). The remaining keys are each the one check of a row's parent.
 *
 * Indexes. A status change of an order is never a HOT update (status, modified_at and completed_at are indexed),
 * so it writes an entry into every index whose predicate the new row satisfies. Three search indexes hold a value
 * most orders do not have: `merchant_order_id`, the customer's e-mail address and merchant customer id. Search
 * always guards such a field with `<field> is not null` (search/query/translate.ts: every leaf stays
 * two-valued), so they become partial on exactly that guard and the planner still uses them for every query
 * that did. Orders without those values (the hosted and own-checkout creates of the bench) no longer write an
 * entry into them, neither when created nor at each status change (orders: 12 -> 9 index entries per insert and
 * per status change). The two expression indexes were deliberately not partial because ANALYZE keeps
 * statistics for non-partial expression indexes only: extended statistics on the same expressions keep the
 * planner's estimate of how selective an address is.
 */
export class Migration20261125100000_card_flow_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table projects add constraint projects_id_merchant_key unique (id, merchant_id);
      alter table orders
        drop constraint orders_project_id_fkey,
        drop constraint orders_merchant_id_fkey,
        add constraint orders_project_merchant_fkey foreign key (project_id, merchant_id)
          references projects (id, merchant_id) deferrable initially deferred;

      drop index orders_project_merchant_order_id_idx;
      create index orders_project_merchant_order_id_idx on orders (project_id, merchant_order_id)
        where merchant_order_id is not null;

      drop index orders_project_customer_email_idx;
      create index orders_project_customer_email_idx on orders (project_id, lower(customer ->> 'email_address'))
        where (customer ->> 'email_address') is not null;
      create statistics orders_customer_email_stats on (lower(customer ->> 'email_address')) from orders;

      drop index orders_project_merchant_customer_idx;
      create index orders_project_merchant_customer_idx on orders (project_id, (customer ->> 'merchant_customer_id'))
        where (customer ->> 'merchant_customer_id') is not null;
      create statistics orders_merchant_customer_stats on ((customer ->> 'merchant_customer_id')) from orders;

      analyze orders;
    `);
  }
}
