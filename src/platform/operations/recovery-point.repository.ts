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

export class RecoveryPointRepository extends Repository {
  /** The recovery point as a part of a combined write (its phase is that one statement). */
  static recordPart(claim: { id: string; token: string }, point: string, data: RecoveryData): SqlPart {
    return {
      sql: `update idempotency_keys set recovery_point = $1, recovery = $2::jsonb
             where id = $3 and claim_token = $4 and state = 'in_progress'`,
      values: [point, JSON.stringify(data), claim.id, claim.token],
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
