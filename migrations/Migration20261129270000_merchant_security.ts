import { Migration } from '@mikro-orm/migrations';

/**
 * Security of the merchant surface (issue 27):
 * - `rate_limit_counters`: the rate limits' counters, shared by every process (platform/limits). UNLOGGED: a
 *   counter is worth nothing after a crash, and an unlogged table writes no WAL (nor reaches a replica).
 * - API keys carry a role, never above their creator's, and an owner: the user whose removal revokes them.
 *   Existing keys: a key a user made gets that user's role and that user as owner; a key whose maker was
 *   removed before this release gets `developer` (the least role that could make keys) and no owner; keys
 *   made from the command line or with the project stay `admin`.
 * - One e-mail address may belong to users of several projects (unique per project), so `createUser` tells
 *   nothing about other merchants' users.
 * - Password reset links: single use, an hour; only the SHA-256 of the token is stored.
 */
export class Migration20261129270000_merchant_security extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create unlogged table rate_limit_counters (
        key text primary key,
        -- The counter's level at \`since\`: hits in the window, or a leaky bucket's content.
        level double precision not null,
        since timestamptz not null,
        -- When the counter is back to zero: a window's end, or when a bucket has leaked empty.
        empty_at timestamptz not null,
        -- Null: a fixed window; else the bucket leaks this much per second.
        leak_per_second double precision
      );
      create index rate_limit_counters_empty_idx on rate_limit_counters (empty_at);

      alter table api_keys
        add column role text not null default 'admin' check (role in ('admin', 'developer', 'viewer')),
        add column created_by_email text,
        add column owner_user_id uuid,
        add column owner_email text;
      update api_keys k set role = u.role, created_by_email = u.email, owner_user_id = u.id, owner_email = u.email
        from merchant_users u where u.id = k.created_by_user_id;
      update api_keys set role = 'developer'
        where created_by_user_id is not null and owner_user_id is null;
      create index api_keys_owner_idx on api_keys (owner_user_id) where owner_user_id is not null;

      drop index merchant_users_email_idx;
      create unique index merchant_users_project_email_idx on merchant_users (project_id, lower(email));
      create index merchant_users_email_idx on merchant_users (lower(email));

      create table password_resets (
        id uuid primary key,
        user_id uuid not null references merchant_users(id) on delete cascade,
        project_id uuid not null references projects(id) deferrable initially deferred,
        -- SHA-256 of the token; the token itself is only in the link shown once.
        token_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        -- The admin who issued it (null: the command line).
        created_by_user_id uuid
      );
      create index password_resets_user_idx on password_resets (user_id);
    `);
  }
}
