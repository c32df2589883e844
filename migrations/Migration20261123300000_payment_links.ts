import { Migration } from '@mikro-orm/migrations';

/**
 * Payment links (issue 16 point 2): a link a merchant shares, whose public URL creates an order each time it is
 * opened (a single-use link at most one paid order). Orders remember the link they came from.
 */
export class Migration20261123300000_payment_links extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table payment_links (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        amount bigint not null check (amount >= 0),
        currency char(3) not null,
        description text,
        merchant_order_id text,
        expires_at timestamptz,
        single_use boolean not null default false,
        return_url text,
        failure_url text,
        payment_methods text[],
        deactivated_at timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz not null
      );
      create index payment_links_project_created_idx on payment_links (project_id, created_at desc, id desc);

      alter table orders add column payment_link_id uuid references payment_links(id) deferrable initially deferred;
      create index orders_payment_link_idx on orders (payment_link_id, created_at, id) where payment_link_id is not null;
    `);
  }
}
