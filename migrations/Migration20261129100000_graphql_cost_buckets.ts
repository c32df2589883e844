import { Migration } from '@mikro-orm/migrations';

/**
 * Each project's leaky bucket of GraphQL cost points (src/platform/limits/cost-budget.ts), shared by every
 * process on the database: the level at `updated_at`, which refills at the configured rate up to the bucket's
 * size. A row is written when a process takes a reservation (about once a second per busy project and
 * process), never per request. `granted` is what the last statement handed out, read back by RETURNING.
 */
export class Migration20261129100000_graphql_cost_buckets extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table graphql_cost_buckets (
         project_id uuid primary key,
         available double precision not null,
         granted double precision not null default 0,
         updated_at timestamptz not null
       );`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table graphql_cost_buckets;');
  }
}
