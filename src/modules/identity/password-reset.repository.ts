import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';

const INSERT = preparedStatement(
  'identity.insert_password_reset',
  `insert into password_resets (id, user_id, project_id, token_hash, created_at, expires_at, created_by_user_id)
   values ($1, $2, $3, $4, $5, $6, $7)`,
);

// One link at a time per user: a new one ends those not used yet.
const END_UNUSED = preparedStatement(
  'identity.end_unused_password_resets',
  'update password_resets set used_at = $2 where user_id = $1 and used_at is null',
);

const TAKE = preparedStatement(
  'identity.take_password_reset',
  `update password_resets set used_at = $2
    where token_hash = $1 and used_at is null and expires_at > $2
    returning user_id`,
);

/** Password reset links (only the SHA-256 of each link's token is stored). */
export class PasswordResetRepository extends Repository {
  async add(reset: {
    id: string;
    userId: string;
    projectId: string;
    tokenHash: string;
    at: Date;
    expiresAt: Date;
    createdByUserId: string | null;
  }): Promise<void> {
    await this.prepared(END_UNUSED, [reset.userId, reset.at]);
    await this.prepared(INSERT, [
      reset.id,
      reset.userId,
      reset.projectId,
      reset.tokenHash,
      reset.at,
      reset.expiresAt,
      reset.createdByUserId,
    ]);
  }

  /** Uses up the link of `tokenHash` if it is unused and unexpired at `at`: its user's id, else null. */
  async take(tokenHash: string, at: Date): Promise<string | null> {
    const [row] = await this.prepared<{ user_id: string }>(TAKE, [tokenHash, at]);
    return row?.user_id ?? null;
  }

  async endUnused(userId: string, at: Date): Promise<void> {
    await this.prepared(END_UNUSED, [userId, at]);
  }
}
