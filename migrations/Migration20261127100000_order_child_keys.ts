import { Migration } from '@mikro-orm/migrations';

/**
 * Fewer and cheaper foreign-key checks per order write (issue 12, one-click payments at 500/s), integrity as
 * strong where it matters.
 *
 * 1. The rows that belong to an order no longer carry a second key to `projects`. `transactions`,
 *    `outbox_events`, `card_authorizations`, `webhook_deliveries` and `vault_cards` each had
 *    `project_id -> projects(id)` beside `order_id -> orders(id)`: at commit, one more check per row (6 per
 *    one-click payment: its transaction, 3 outbox rows, its card authorization, its webhook delivery), each a
 *    FOR KEY SHARE lock on the one row of `projects` that every concurrent write of the project locks too (a new
 *    MultiXact each time). The order's own key, `(project_id, merchant_id) -> projects(id, merchant_id)`, stays,
 *    and so does every `order_id` key: no child row can exist without its order, and the order not without
 *    its project. That a child's `project_id` IS its order's was never checked by the database (the two keys
 *    were independent; a compound `(order_id, project_id) -> orders(id, project_id)` was tried in
 *    20261125100000 and left out for the unique index it needs); the rows are built only by the factories
 *    (`Transaction.create*`, the status changes, the vault and payment repositories, the webhook queueing
 *    statements), which copy it from the order, and test/orders/child-rows-project.test.ts checks it after
 *    every kind of write. Projects are never deleted (no code path, no ON DELETE action anywhere), so the
 *    dropped keys guarded no deletion either.
 *
 * 2. The checks that remain reach `orders` through its primary key again on a new database. 20261125100000
 *    ran `analyze orders` on the empty table, so PostgreSQL records it as analyzed with 0 rows and plans
 *    `select 1 from only orders x where id = $1 for key share of x` (every `order_id` key's check, prepared
 *    once per connection and kept) as a sequential scan, which each connection keeps until autovacuum next
 *    analyzes orders: during bench:events phase (b) every payment's 6 checks read the whole, growing table
 *    (pg_stat_user_tables: 4.9 sequential scans and 7,600 rows read per payment at 3,000 orders; 16% of
 *    PostgreSQL's CPU). On an empty `orders` the statistics are cleared back to "never analyzed", which the
 *    planner sizes at 10 pages at least and reaches by the index; a database with orders keeps its statistics
 *    (autovacuum keeps them current). `pg_clear_relation_stats` is PostgreSQL 18's; older servers skip it.
 */
export class Migration20261127100000_order_child_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transactions drop constraint transactions_project_id_fkey;
      alter table outbox_events drop constraint outbox_events_project_id_fkey;
      alter table card_authorizations drop constraint card_authorizations_project_id_fkey;
      alter table webhook_deliveries drop constraint webhook_deliveries_project_id_fkey;
      alter table vault_cards drop constraint vault_cards_project_id_fkey;

      do $$
      begin
        if to_regprocedure('pg_clear_relation_stats(text, text)') is not null
           and not exists (select 1 from orders) then
          perform pg_clear_relation_stats('public', 'orders');
        end if;
      end $$;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table transactions add constraint transactions_project_id_fkey foreign key (project_id)
        references projects(id) deferrable initially deferred;
      alter table outbox_events add constraint outbox_events_project_id_fkey foreign key (project_id)
        references projects(id) deferrable initially deferred;
      alter table card_authorizations add constraint card_authorizations_project_id_fkey foreign key (project_id)
        references projects(id) deferrable initially deferred;
      alter table webhook_deliveries add constraint webhook_deliveries_project_id_fkey foreign key (project_id)
        references projects(id) deferrable initially deferred;
      alter table vault_cards add constraint vault_cards_project_id_fkey foreign key (project_id)
        references projects(id) deferrable initially deferred;
    `);
  }
}
