import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for order search (spec 4.14). Every search is scoped to one project, so each index leads with
 * `project_id`. Sorted indexes end with `id`, the tiebreaker of every sort, so a page (and a `search_after`
 * page a million rows deep) is one index range scan: no sort, no OFFSET walk.
 *
 * - sort by modified / amount / completed (created is served by orders_project_created_idx). `completed` sorts
 *   with NULLs last in both directions, so each direction needs its own index order.
 * - `status:x` with the default sort (created desc): (project_id, status, created_at, id) replaces
 *   orders_project_status_idx, which lacked the tiebreaker and so forced a sort of equal timestamps.
 * - `customer.email_address` (compared lower-cased) and `customer.merchant_customer_id`: expression indexes;
 *   deliberately not partial, since ANALYZE keeps statistics only for non-partial expression indexes and
 *   without them the planner misjudges how selective an e-mail address is.
 * - `description` (case-insensitive substring): trigram GIN index; `flags` (array containment): GIN.
 * - transactions of a page or a report, in order: (order_id, created_at, id) replaces transactions_order_idx.
 */
export class Migration20261121040000_search_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create extension if not exists pg_trgm;

      create index orders_project_modified_idx on orders (project_id, modified_at, id);
      create index orders_project_amount_idx on orders (project_id, amount, id);
      create index orders_project_completed_asc_idx on orders (project_id, completed_at asc nulls last, id);
      create index orders_project_completed_desc_idx
        on orders (project_id, completed_at desc nulls last, id desc);

      create index orders_project_status_created_idx on orders (project_id, status, created_at, id);
      drop index if exists orders_project_status_idx;

      create index orders_project_customer_email_idx on orders (project_id, lower(customer ->> 'email_address'));
      create index orders_project_merchant_customer_idx
        on orders (project_id, (customer ->> 'merchant_customer_id'));
      create index orders_description_trgm_idx on orders using gin (description gin_trgm_ops);
      create index orders_flags_idx on orders using gin (flags);

      create index transactions_order_created_idx on transactions (order_id, created_at, id);
      drop index if exists transactions_order_idx;
    `);
  }
}
