import { Migration } from '@mikro-orm/migrations';

/**
 * Foundation schema: merchants, projects, API keys, orders, transactions, their events and the outbox.
 * Hand-written SQL so every constraint and index is deliberate and reviewable.
 */
export class Migration20261121000000_foundation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table merchants (
        id uuid primary key,
        name text not null,
        created_at timestamptz not null default now()
      );

      create table projects (
        id uuid primary key,
        merchant_id uuid not null references merchants(id) deferrable initially deferred,
        name text not null,
        mode text not null check (mode in ('test', 'live')),
        webhook_url text,
        payment_methods text[] not null default array['credit-card', 'wallet-a-pay', 'wallet-b-pay'],
        created_at timestamptz not null default now(),
        modified_at timestamptz not null default now()
      );

      create table api_keys (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        prefix text not null,
        key_hash text not null unique,
        created_at timestamptz not null default now(),
        revoked_at timestamptz
      );
      create index api_keys_project_idx on api_keys (project_id);

      create table orders (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        merchant_id uuid not null references merchants(id) deferrable initially deferred,
        kind text not null default 'payment' check (kind in ('payment', 'refund', 'capture', 'void')),
        merchant_order_id text,
        description text,
        currency char(3) not null,
        amount bigint not null check (amount >= 0),
        status text not null,
        flags text[] not null default '{}',
        checkout text not null check (checkout in ('hosted', 'own')),
        expiration_period text not null,
        expires_at timestamptz not null,
        payment_methods text[],
        return_url text,
        failure_url text,
        webhook_url text,
        customer jsonb,
        client jsonb,
        extra jsonb,
        refunded_amount bigint not null default 0 check (refunded_amount >= 0),
        related_order_id uuid references orders(id) deferrable initially deferred,
        created_at timestamptz not null,
        modified_at timestamptz not null,
        completed_at timestamptz
      );
      create index orders_project_created_idx on orders (project_id, created_at, id);
      create index orders_project_status_idx on orders (project_id, status, created_at);
      create index orders_project_merchant_order_id_idx on orders (project_id, merchant_order_id);
      create index orders_related_order_idx on orders (related_order_id) where related_order_id is not null;
      create index orders_open_expiry_idx on orders (expires_at) where status in ('new', 'processing');

      create table transactions (
        id uuid primary key,
        order_id uuid not null references orders(id) deferrable initially deferred,
        project_id uuid not null references projects(id) deferrable initially deferred,
        amount bigint not null check (amount >= 0),
        currency char(3) not null,
        credit_debit text check (credit_debit in ('credit', 'debit')),
        payment_method text not null,
        payment_method_brand text,
        payment_method_details jsonb not null default '{}',
        status text not null,
        capture_mode text not null default 'automatic' check (capture_mode in ('automatic', 'manual')),
        is_capturable boolean not null default false,
        outcomes jsonb,
        reason text,
        payment_url text,
        setup_token uuid unique,
        setup_token_used_at timestamptz,
        refund_of_transaction_id uuid references transactions(id) deferrable initially deferred,
        void_of_transaction_id uuid references transactions(id) deferrable initially deferred,
        capture_of_transaction_id uuid references transactions(id) deferrable initially deferred,
        created_at timestamptz not null,
        modified_at timestamptz not null
      );
      create index transactions_order_idx on transactions (order_id, created_at);

      create table transaction_events (
        id uuid primary key,
        transaction_id uuid not null references transactions(id) deferrable initially deferred,
        event text not null,
        source text not null,
        from_status text,
        occurred_at timestamptz not null
      );
      create index transaction_events_transaction_idx on transaction_events (transaction_id, occurred_at);

      -- Foreign keys are checked at commit: the unit of work may insert rows in any order.
      -- The transactional outbox: written in the same database transaction as every status change.
      create table outbox_events (
        id bigserial primary key,
        topic text not null check (topic in ('order_status_changed', 'transaction_status_changed')),
        project_id uuid not null references projects(id) deferrable initially deferred,
        order_id uuid not null references orders(id) deferrable initially deferred,
        transaction_id uuid references transactions(id) deferrable initially deferred,
        from_status text,
        to_status text not null,
        created_at timestamptz not null default now(),
        relayed_at timestamptz
      );
      create index outbox_events_unrelayed_idx on outbox_events (id) where relayed_at is null;

      -- Wakes listeners (subscriptions, webhook relay) on commit; the rows themselves are the durable record.
      create function outbox_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('outbox_events', new.id::text);
        return new;
      end $$;
      create trigger outbox_events_notify after insert on outbox_events
        for each row execute function outbox_notify();
    `);
  }
}
