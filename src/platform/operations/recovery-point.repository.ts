import { preparedStatement, type SqlPart } from '../db/prepared.ts';
import { Repository } from '../db/repository.ts';
import { idempotencyKeyInUse } from '../errors/idempotency-errors.ts';

/** What a phase records for a retry to resume from (ids, amounts, flags). */
export type RecoveryData = Record<string, string | number | boolean | null>;

/**
 * Writes a recovery point on the operation's `idempotency_keys` row, inside the phase's transaction. When the
 * claim is no longer ours (taken over after our owner was presumed dead) the statement divides by zero, which
 * aborts the transaction: in a pipelined transaction the COMMIT already sent behind it then rolls back too.
 */
const RECORD_PHASE = preparedStatement(
  'idempotency.record_phase',
  `with recorded as (
     update idempotency_keys set recovery_point = $3, recovery = $4::jsonb
      where id = $1 and claim_token = $2 and state = 'in_progress'
     returning 1)
   select 1 / (select count(*)::int from recorded) as recorded`,
);

/**
 * Recovery points of claimed keys, one per row of the arrays: (key row id, claim token, point, data). A key row
 * whose claim is no longer the one named divides by zero, as RECORD_PHASE does, so the combined write it is part
 * of fails instead of committing without its recovery point. (The CASE keeps the division to the row pairs the
 * join matched, whatever order the planner tests the conditions in; its divisor is never a constant, so nothing
 * is folded at planning.)
 */
const RECORD_PARTS = `update idempotency_keys k set recovery_point = u.point, recovery = u.recovery::jsonb
   from unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[]) as u(id, claim_token, point, recovery)
  where k.id = u.id
    and case when k.id <> u.id then false
             else 1 / coalesce(k.claim_token = u.claim_token and k.state = 'in_progress', false)::int = 1 end`;

export class RecoveryPointRepository extends Repository {
  /**
   * The recovery point as a part of a combined write (its phase is that one statement). Set-based over its one
   * key row, so that concurrent writes' recovery points join into one statement (`SqlPart.merges`): each updates
   * only the row its own request claimed. A claim taken over meanwhile fails the statement (22012): merged with
   * others, it is then sent again write by write, so only the write that lost its key fails, and the idempotency
   * hooks answer it 409 `idempotency_key_in_use` (platform/http/idempotency.ts).
   */
  static recordPart(claim: { id: string; token: string }, point: string, data: RecoveryData): SqlPart {
    return {
      sql: RECORD_PARTS,
      values: [[claim.id], [claim.token], [point], [JSON.stringify(data)]],
      merges: ['list', 'list', 'list', 'list'],
    };
  }

  async record(claim: { id: string; token: string }, point: string, data: RecoveryData): Promise<void> {
    try {
      await this.prepared(RECORD_PHASE, [claim.id, claim.token, point, JSON.stringify(data)]);
    } catch (error) {
      if ((error as { code?: string }).code === '22012') {
        throw idempotencyKeyInUse();
      }
      throw error;
    }
  }
}
