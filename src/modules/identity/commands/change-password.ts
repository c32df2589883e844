import { z } from 'zod';
import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import { DomainError, notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import type { CounterStore } from '../../../platform/limits/counter-store.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { wrongPassword } from '../errors.ts';
import { hashPassword, passwordMatches } from '../password.ts';
import { PasswordResetRepository } from '../password-reset.repository.ts';
import { refuseWeakPassword } from '../password-strength.ts';
import { UserRepository } from '../user.repository.ts';
import { passwordSchema } from './create-user.ts';

const inputSchema = z
  .object({ currentPassword: z.string().min(1).max(256), newPassword: passwordSchema })
  .strict();

/** Tries (current password given) a user may make per window before changing is refused for the rest of it. */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;

/**
 * A signed-in user changes their password: the current one is required (a session left open is not enough to
 * take the account over, and at most 5 tries per 15 minutes, shared by every process), the new one must
 * pass the strength check, and every other session of the user ends at once (its sockets close); this one stays.
 */
export async function changePassword(
  deps: IdentityAdminDeps & { counters: CounterStore },
  caller: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const parsed = parseOrThrow(inputSchema, input);
  const user = await deps.db.read((uow) => new UserRepository(uow).findById(caller.userId));
  if (!user) throw notFound('User');
  const tries = {
    key: `change-password:${user.id}`,
    drain: { kind: 'window', windowMs: WRONG_CURRENT_WINDOW_MS },
  } as const;
  // Each try is counted before its password is checked: counted after, as it was, concurrent tries all read the
  // count from before any of them and 8 of 40 sent four at a time were checked. A try with the right password
  // counts too (the counter only adds), so the limit is 5 tries, right or wrong, per window.
  const [counted] = await deps.counters.add([{ ...tries, amount: 1 }]);
  if ((counted?.level ?? 0) > WRONG_CURRENT_MAX) throw tooManyTries();
  if (!(await passwordMatches(user.passwordHash, parsed.currentPassword))) throw wrongPassword();
  await refuseWeakPassword(parsed.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(parsed.newPassword, deps.passwordHashing);
  await changingCredentials(deps, async (uow, announce) => {
    const users = new UserRepository(uow);
    const current = await users.findCurrent(user.id);
    if (!current) throw notFound('User');
    current.passwordHash = passwordHash;
    const now = deps.now();
    await new PasswordResetRepository(uow).endUnused(user.id, now);
    for (const sessionId of await users.endSessionsOf(user.id, caller.sessionId, now)) {
      await announce({ scope: 'session', id: sessionId, revoked: true });
    }
  });
}

const tooManyTries = () =>
  new DomainError(
    'rate_limited',
    'rate_limited',
    'Too many tries with the current password: try again in 15 minutes',
    'currentPassword',
  );
