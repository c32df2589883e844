import { Migration } from '@mikro-orm/migrations';

/** The audit log (issue 14 point 8): every write by a key or a user, sign-ins and failed sign-ins. */
export class Migration20261123010000_audit_log extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table audit_events (
        id uuid primary key,
        -- Null for a failed sign-in with an unknown e-mail address: it belongs to no project.
        project_id uuid,
        occurred_at timestamptz not null,
        principal_kind text not null check (principal_kind in ('api_key', 'user', 'anonymous')),
        principal_id text,
        principal_label text,
        client_address text,
        action text not null,
        target_type text,
        target_id text,
        outcome text not null check (outcome in ('succeeded', 'refused', 'failed')),
        request_id text
      );
      create index audit_events_project_idx on audit_events (project_id, occurred_at desc, id desc);
    `);
  }
}
