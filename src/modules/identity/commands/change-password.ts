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

/** Wrong current passwords a user may give per window before changing is refused for the rest of it. */
const WRONG_CURRENT_MAX = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;

/**
 * A signed-in user changes their password: the current one is required (a session left open is not enough to
 * take the account over, and at most 5 wrong tries per 15 minutes, shared by every process), the new one must
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
  const [wrong] = await deps.counters.read([tries.key]);
  if ((wrong?.level ?? 0) >= WRONG_CURRENT_MAX) throw tooManyTries();
  if (!(await passwordMatches(user.passwordHash, parsed.currentPassword))) {
    await deps.counters.add([{ ...tries, amount: 1 }]);
    throw wrongPassword();
  }
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
    'Too many wrong current passwords: try again in 15 minutes',
    'currentPassword',
  );
