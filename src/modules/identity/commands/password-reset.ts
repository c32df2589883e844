import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { changingCredentials } from '../../../platform/auth/changing-credentials.ts';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { resetLinkRefused } from '../errors.ts';
import { hashPassword } from '../password.ts';
import { PasswordResetRepository } from '../password-reset.repository.ts';
import { refuseWeakPassword } from '../password-strength.ts';
import { hashSessionToken, newSessionToken } from '../session-token.ts';
import { UserRepository } from '../user.repository.ts';
import { passwordSchema } from './create-user.ts';

/** How long a reset link works. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60_000;

export interface PasswordResetLink {
  /** `{merchant_portal_url}/reset-password#token=…`: the token is in the fragment, which browsers never send. */
  url: string;
  expires: Date;
  userId: string;
  email: string;
}

/**
 * An admin (or the operator at the command line: `by` null) issues a one-time link for a user of the project to
 * set a new password: it works once, for an hour, and issuing another ends the previous one. Only the SHA-256 of
 * its token is stored: the link is shown once. `projectId` null: any project (the CLI).
 */
export async function createPasswordReset(
  deps: IdentityAdminDeps,
  projectId: string | null,
  userId: string,
  by: { userId: string } | null,
): Promise<PasswordResetLink> {
  const token = newSessionToken();
  const at = deps.now();
  const expires = new Date(at.getTime() + PASSWORD_RESET_LIFETIME_MS);
  const user = await deps.db.transaction(async (uow) => {
    const found = await new UserRepository(uow).findById(userId);
    if (!found || (projectId !== null && found.projectId !== projectId)) throw notFound('User', 'id');
    await new PasswordResetRepository(uow).add({
      id: randomUUID(),
      userId: found.id,
      projectId: found.projectId,
      tokenHash: hashSessionToken(token),
      at,
      expiresAt: expires,
      createdByUserId: by?.userId ?? null,
    });
    return found;
  });
  const portal = deps.config.merchantPortalUrl.replace(/\/+$/, '');
  return { url: `${portal}/reset-password#token=${token}`, expires, userId: user.id, email: user.email };
}

export const resetPasswordInputSchema = z
  .object({
    token: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: 'The `token` of the reset link (after `#token=`).' }),
    password: passwordSchema.meta({ description: 'The new password: 12 to 256 characters, hard to guess.' }),
  })
  .strict();

/**
 * Sets a new password with a reset link: the link is used up (in the same transaction), the password must pass
 * the strength check, and every session of the user ends (its sockets close). A link that is unknown, used or
 * expired is refused alike. `recordIn` writes the audit entry in that transaction.
 */
export async function resetPassword(
  deps: IdentityAdminDeps,
  input: unknown,
  options: {
    recordIn?: (uow: UnitOfWork, user: { id: string; email: string; projectId: string }) => Promise<void>;
  } = {},
): Promise<void> {
  const { token, password } = parseOrThrow(resetPasswordInputSchema, input);
  const passwordHash = hashPassword(password, deps.passwordHashing);
  passwordHash.catch(() => undefined);
  await changingCredentials(deps, async (uow, announce) => {
    const now = deps.now();
    const userId = await new PasswordResetRepository(uow).take(hashSessionToken(token), now);
    const users = new UserRepository(uow);
    const user = userId ? await users.findCurrent(userId) : null;
    if (!user) throw resetLinkRefused();
    await refuseWeakPassword(password, user, 'password');
    user.passwordHash = await passwordHash;
    for (const sessionId of await users.endSessionsOf(user.id, null, now)) {
      await announce({ scope: 'session', id: sessionId, revoked: true });
    }
    await options.recordIn?.(uow, user);
  });
}
