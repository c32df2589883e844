import { Migration } from '@mikro-orm/migrations';

/**
 * Back office: idempotency keys for every API-key authenticated POST (REST, GraphQL, vault face). Refunds need
 * no new table: they are orders of kind `refund` (found through the existing related_order_id index).
 *
 * An idempotency key row is inserted and committed on its own before the request's work starts
 * (`in_progress`); its unique (project_id, key) constraint is what makes a second request with the same key
 * wait for, then see, the first one. The finished response (status, content type, exact body) is stored on the
 * same row and replayed for retries until `expires_at`.
 */
export class Migration20261121020000_back_office extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table idempotency_keys (
        id bigserial primary key,
        -- No foreign key on purpose: a short-lived cache row must not lock (and wait for) the project row.
        project_id uuid not null,
        key text not null,
        -- sha256 of method, path, query and canonical JSON body: a reused key with another request is refused.
        request_hash text not null,
        method text not null,
        path text not null,
        state text not null check (state in ('in_progress', 'completed')),
        -- Which claim owns the row: a request only completes or releases its own claim.
        claim_token uuid not null,
        -- An in-progress claim older than this is presumed dead (crashed process) and may be taken over.
        locked_until timestamptz not null,
        response_status integer,
        response_content_type text,
        response_body text,
        created_at timestamptz not null,
        completed_at timestamptz,
        expires_at timestamptz not null,
        constraint idempotency_keys_project_key_unique unique (project_id, key),
        constraint idempotency_keys_completed_has_response check (
          state <> 'completed' or (response_status is not null and response_body is not null)
        )
      );
      create index idempotency_keys_expires_idx on idempotency_keys (expires_at);
    `);
  }
}
