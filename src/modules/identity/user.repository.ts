import { preparedRead, preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { MerchantSession } from './session.entity.ts';
import { MerchantUser } from './user.entity.ts';

const FIND_USERS = preparedRead(
  'identity.find_users',
  'select * from merchant_users where project_id = $1::uuid and id = any($2::uuid[])',
);

// One lock per project's users (not the project row, which project settings update).
const LOCK_USERS = preparedStatement(
  'identity.lock_users',
  `select pg_advisory_xact_lock(hashtextextended('merchant_users:' || $1::text, 0))`,
);

/** Accounts of one e-mail address a sign-in checks at most (each costs an argon2 verification). */
export const MAX_ACCOUNTS_PER_EMAIL = 10;

const END_SESSIONS = preparedStatement(
  'identity.end_sessions',
  `update merchant_sessions set ended_at = $3
    where user_id = $1 and ended_at is null and id is distinct from $2::uuid
    returning id`,
);

export class UserRepository extends Repository {
  /** Ends every open session of the user but `keep` (null: all of them); answers the ended ones' ids. */
  async endSessionsOf(userId: string, keep: string | null, at: Date): Promise<string[]> {
    const rows = await this.prepared<{ id: string }>(END_SESSIONS, [userId, keep, at]);
    return rows.map((row) => row.id);
  }

  /**
   * Serialises changes to the project's users (removals; any change of role) until the transaction ends: what
   * the rules count (the last admin) cannot change between the count and the write.
   */
  async lockUsersOf(projectId: string): Promise<void> {
    await this.prepared(LOCK_USERS, [projectId]);
  }

  /** A user read now (not a copy this unit of work read earlier), or null. */
  findCurrent(userId: string): Promise<MerchantUser | null> {
    if (!isUuidText(userId)) return Promise.resolve(null);
    return this.em.findOne(MerchantUser, { id: userId }, { refresh: true });
  }

  /** The project's users among `userIds` (lower-case uuids), in no particular order: one statement. */
  async findManyInProject(projectId: string, userIds: readonly string[]): Promise<MerchantUser[]> {
    const rows = await this.prepared<Record<string, unknown>>(FIND_USERS, [projectId, userIds]);
    return rows.map((row) => this.em.map(MerchantUser, row));
  }

  /**
   * Every account of an e-mail address (stored and looked up in lower case): one per project at most, and an
   * address may have accounts in several projects. Oldest first.
   */
  findAllByEmail(email: string): Promise<MerchantUser[]> {
    return this.em.find(
      MerchantUser,
      { email: email.toLowerCase() },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: MAX_ACCOUNTS_PER_EMAIL },
    );
  }

  /** The project's account of an e-mail address, or null. */
  findByEmailInProject(projectId: string, email: string): Promise<MerchantUser | null> {
    return this.em.findOne(MerchantUser, { projectId, email: email.toLowerCase() });
  }

  /** Whether `error` is the unique index refusing a second account of an address in one project. */
  static isDuplicateEmail(error: unknown): boolean {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    return code === '23505' && constraint === 'merchant_users_project_email_idx';
  }

  findById(userId: string): Promise<MerchantUser | null> {
    if (!isUuidText(userId)) return Promise.resolve(null);
    return this.em.findOne(MerchantUser, { id: userId });
  }

  findInProject(projectId: string, userId: string): Promise<MerchantUser | null> {
    if (!isUuidText(userId)) return Promise.resolve(null);
    return this.em.findOne(MerchantUser, { id: userId, projectId });
  }

  listInProject(projectId: string): Promise<MerchantUser[]> {
    return this.em.find(MerchantUser, { projectId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  countAdmins(projectId: string): Promise<number> {
    return this.em.count(MerchantUser, { projectId, role: 'admin' });
  }

  add(entity: MerchantUser | MerchantSession): void {
    this.em.persist(entity);
  }

  /** Removes the user; its sessions go with it (on delete cascade), so its access ends at commit. */
  remove(user: MerchantUser): void {
    this.em.remove(user);
  }

  findOpenSession(tokenHash: string): Promise<MerchantSession | null> {
    return this.em.findOne(MerchantSession, { tokenHash, endedAt: null });
  }
}
