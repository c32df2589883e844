import { Migration } from '@mikro-orm/migrations';

/**
 * Merchant users and their sessions (issue 14 point 1) and the API key lifecycle (point 2): a label, who
 * created the key, when a rolled key stops working and when it was last used.
 */
export class Migration20261123000000_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table api_keys
        add column label text,
        add column created_by_user_id uuid,
        add column expires_at timestamptz,
        add column last_used_at timestamptz;

      create table merchant_users (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        email text not null,
        password_hash text not null,
        role text not null check (role in ('admin', 'developer', 'viewer')),
        created_at timestamptz not null default now()
      );
      -- One account per e-mail address, whatever its case: sign-in names no project.
      create unique index merchant_users_email_idx on merchant_users (lower(email));
      create index merchant_users_project_idx on merchant_users (project_id, created_at);

      create table merchant_sessions (
        id uuid primary key,
        -- SHA-256 of the session token; the token itself is only ever in the browser's cookie.
        token_hash text not null unique,
        user_id uuid not null references merchant_users(id) on delete cascade,
        project_id uuid not null references projects(id) deferrable initially deferred,
        created_at timestamptz not null,
        last_seen_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        client_address text
      );
      create index merchant_sessions_user_idx on merchant_sessions (user_id);
      create index merchant_sessions_expiry_idx on merchant_sessions (expires_at);
    `);
  }
}
