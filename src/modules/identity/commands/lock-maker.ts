import type { UnitOfWork } from '../../../platform/db/db.ts';
import { sessionRequired } from '../errors.ts';
import type { KeyMaker } from '../key-roles.ts';
import { UserRepository } from '../user.repository.ts';

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
