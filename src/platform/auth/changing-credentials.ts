import type { UnitOfWork } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { CredentialAnnouncements } from './credential-announcements.repository.ts';
import type { CredentialChange } from './credential-change.ts';

type Announce = (change: CredentialChange) => Promise<void>;

/**
 * What a command that changes credentials needs: units of work and, in a server process, its credential cache
 * (identity's `Credentials`), which applies the change at once. The CLI runs without one.
 */
export type CredentialAdminDeps = Pick<Deps, 'db'> & {
  credentials?: { apply(change: CredentialChange): void };
};

/**
 * Runs a transaction that changes credentials (identity's keys, users and sessions; a project's payment
 * methods). Each `announce` is a NOTIFY sent inside it, so every process hears of the change exactly when it
 * commits; this process (when it has a credential cache) applies it right after the commit too, so not even its
 * next request can see the old state.
 */
export async function changingCredentials<T>(
  deps: CredentialAdminDeps,
  work: (uow: UnitOfWork, announce: Announce) => Promise<T>,
): Promise<T> {
  const changes: CredentialChange[] = [];
  const result = await deps.db.transaction((uow) =>
    work(uow, async (change) => {
      changes.push(change);
      await new CredentialAnnouncements(uow).announce(change);
    }),
  );
  for (const change of changes) deps.credentials?.apply(change);
  return result;
}
