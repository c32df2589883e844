import { Migration } from '@mikro-orm/migrations';

/**
 * Crash-safe money (issue 32).
 *
 * - `idempotency_keys`: a claim names its owner (`owner_id`: the owning process's session advisory lock, held on
 *   its LISTEN connection, so a killed process's keys are free the moment its connection drops), the ids the
 *   operation derives its objects' ids from (`seed`, kept across retries of the same request), and its recovery
 *   point: the last phase that committed (`recovery_point`) and what it produced (`recovery`), written in that
 *   phase's own transaction. A key given back after a failure that invites a retry keeps its row (`released`):
 *   its seed stays, so a retry calls the acquirer with the same transaction ids.
 * - `transactions_unfinished_refunds_idx`: how the completer (back-office/commands/complete-refunds.ts) finds
 *   refunds a dead request left `new` or `processing`.
 * - `acquirer_operations`: the test acquirer's own ledger (the simulator stands for a remote system that keeps
 *   its own books): one row per (operation, our transaction id), so a repeated call answers the first outcome
 *   and has no second effect, across gateway restarts.
 */
export class Migration20261128100000_crash_safe_money extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table idempotency_keys
        add column owner_id bigint,
        add column seed uuid not null default gen_random_uuid(),
        add column recovery_point text,
        add column recovery jsonb;
      alter table idempotency_keys drop constraint idempotency_keys_state_check;
      alter table idempotency_keys add constraint idempotency_keys_state_check
        check (state in ('in_progress', 'released', 'completed'));
      create table acquirer_operations (
        operation text not null,
        transaction_id uuid not null,
        amount bigint not null,
        currency text not null,
        result jsonb not null,
        created_at timestamptz not null default now(),
        primary key (operation, transaction_id)
      );
      -- The completer's scan: refunds still waiting for their acquirer call or its answer (few at any time).
      create index transactions_unfinished_refunds_idx on transactions (modified_at)
        where refund_of_transaction_id is not null and status in ('new', 'processing');
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop index transactions_unfinished_refunds_idx;
      drop table acquirer_operations;
      delete from idempotency_keys where state = 'released';
      alter table idempotency_keys drop constraint idempotency_keys_state_check;
      alter table idempotency_keys add constraint idempotency_keys_state_check
        check (state in ('in_progress', 'completed'));
      alter table idempotency_keys drop column owner_id, drop column seed, drop column recovery_point,
        drop column recovery;
    `);
  }
}
