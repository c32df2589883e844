import { Migration } from '@mikro-orm/migrations';

/**
 * Every tenant table carries `project_id` (docs/operations.md, "Beyond one primary"): transaction events and
 * webhook delivery attempts get it too, filled from their transaction and delivery, so that a distributed
 * PostgreSQL (Citus) can co-locate all of one project's rows by that one column. test/operations/
 * tenant-tables.test.ts fails for a new tenant table without it.
 */
export class Migration20261123100000_tenant_project_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table transaction_events add column project_id uuid;
      update transaction_events e set project_id = t.project_id from transactions t where t.id = e.transaction_id;
      alter table transaction_events alter column project_id set not null;

      alter table webhook_delivery_attempts add column project_id uuid;
      update webhook_delivery_attempts a set project_id = d.project_id
        from webhook_deliveries d where d.id = a.delivery_id;
      alter table webhook_delivery_attempts alter column project_id set not null;
    `);
  }
}
