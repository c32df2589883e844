import type { Actor } from '../../platform/auth/actor.ts';
import { isRole, type Role, roleAtLeast } from '../../platform/auth/roles.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
import { invalid } from '../../platform/errors/domain-error.ts';
import type { KeyUser } from './api-key.entity.ts';
import { roleAboveMaker, sessionRequired } from './errors.ts';
import { UserRepository } from './user.repository.ts';

/**
 * Who makes or changes a key: a signed-in user (whose role bounds the key's), or the operator at the command
 * line (null: any role, no owner).
 */
export interface KeyMaker {
  user: KeyUser;
  role: Role;
}

/** The maker of a key change from a request's caller: its user, or null when there is none (never: keys are
 * managed by users only, the SDL's `@requires(principal: USER)`). */
export function keyMakerOf(actor: Actor): KeyMaker | null {
  const { principal } = actor;
  return principal.kind === 'user'
    ? { user: { id: principal.userId, email: principal.email }, role: actor.role }
    : null;
}

/**
 * The role a new key gets: the one asked for, else `fallback` (the maker's own role, or the rolled key's); never
 * above the maker's (a developer cannot mint an admin key). The CLI's keys are whatever it asks, `admin` by default.
 */
export function keyRole(asked: string | null | undefined, fallback: Role, maker: KeyMaker | null): Role {
  if (asked !== null && asked !== undefined && !isRole(asked)) {
    throw invalid('role', 'must be admin, developer or viewer');
  }
  const role = (asked ?? fallback) as Role;
  if (maker && !roleAtLeast(maker.role, role)) throw roleAboveMaker(maker.role, role);
  return role;
}

/**
 * Holds the project's users' lock (the one a removal takes) for the rest of the transaction, and refuses a maker
 * who is no longer a user of the project. A key made while its maker's removal commits would otherwise escape the
 * removal's revocation (its UPDATE cannot see a key not yet committed) and stay active, owned by nobody there; a
 * removal now waits for the key, revoking it, or the key waits for the removal, and is refused. The command line
 * (`maker` null) is nobody's.
 */
export async function lockMakerIn(
  uow: UnitOfWork,
  projectId: string,
  maker: Pick<KeyMaker, 'user'> | null,
): Promise<void> {
  if (!maker) return;
  const users = new UserRepository(uow);
  await users.lockUsersOf(projectId);
  const current = await users.findCurrent(maker.user.id);
  if (current?.projectId !== projectId) throw sessionRequired();
}

export { roleAboveMaker };
