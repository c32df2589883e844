import type { CredentialChange } from '../../platform/auth/credential-change.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
import { CredentialRepository } from './credential.repository.ts';
import type { IdentityAdminDeps } from './deps.ts';

type Announce = (change: CredentialChange) => Promise<void>;

/**
 * Runs a transaction that changes credentials. Each `announce` is a NOTIFY sent inside it, so every process
 * hears of the change exactly when it commits; this process (when it has a credential cache) applies it right
 * after the commit too, so not even its next request can see the old state.
 */
export async function changingCredentials<T>(
  deps: IdentityAdminDeps,
  work: (uow: UnitOfWork, announce: Announce) => Promise<T>,
): Promise<T> {
  const changes: CredentialChange[] = [];
  const result = await deps.db.transaction((uow) =>
    work(uow, async (change) => {
      changes.push(change);
      await new CredentialRepository(uow).announce(change);
    }),
  );
  for (const change of changes) deps.credentials?.apply(change);
  return result;
}
