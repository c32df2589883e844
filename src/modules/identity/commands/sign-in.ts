import { z } from 'zod';
import type { UnitOfWork } from '../../../platform/db/db.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { EMAIL_MAX_OCTETS } from '../../../platform/validation/email.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { projectRequired, signInRefused } from '../errors.ts';
import { PASSWORD_MAX_LENGTH, passwordMatches, spendVerificationTime } from '../password.ts';
import { MerchantSession } from '../session.entity.ts';
import { csrfTokenOf, hashSessionToken, newSessionToken } from '../session-token.ts';
import type { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

export const signInInputSchema = z
  .object({
    // The whole length of an account's address (platform/validation/email.ts), not its form: a sign-in only
    // looks an address up, so one that cannot name an account is refused as any unknown address is (the same
    // answer and audit entry, counted by the limiter), and an account invited before the local-part limit
    // (64 octets) still signs in.
    email: z
      .string()
      .trim()
      .min(1)
      .max(EMAIL_MAX_OCTETS)
      .meta({
        description: `The user's e-mail address, at most ${EMAIL_MAX_OCTETS} characters; case does not matter.`,
      }),
    password: z
      .string()
      .min(1)
      .max(PASSWORD_MAX_LENGTH)
      .meta({ description: `The user's password, 1 to ${PASSWORD_MAX_LENGTH} characters.` }),
    project_id: z.uuid().optional().meta({
      description:
        'Only when the address and password open accounts in several projects (a 400 `project_required` says so): the project to sign in to.',
    }),
  })
  .strict();

export interface SignedIn {
  user: MerchantUser;
  /** The session token for the cookie; only its hash is stored. */
  token: string;
  csrfToken: string;
  session: MerchantSession;
}

export interface SignInOptions {
  /** Writes the sign-in's audit entry in the transaction that opens the session. */
  recordIn?: (uow: UnitOfWork, signedIn: { user: MerchantUser; session: MerchantSession }) => Promise<void>;
}

/** A failed attempt names the accounts it was for (none: an unknown address), for the audit log. */
export type SignInAttempt = { ok: true; signedIn: SignedIn } | { ok: false; users: MerchantUser[] };

/**
 * Checks an e-mail address and password and opens a new session (a fresh token at every sign-in, so a token
 * planted before sign-in is worth nothing). An unknown address costs the same argon2 verification as a wrong
 * password, and both get one generic answer. `attemptSignIn` says which user failed, for the audit log.
 */
export async function attemptSignIn(
  deps: IdentityAdminDeps,
  input: unknown,
  clientAddress: string | null,
  options: SignInOptions = {},
): Promise<SignInAttempt> {
  const { email, password, project_id: projectId } = parseOrThrow(signInInputSchema, input);
  const users = await deps.db.read(async (uow) => {
    const repository = new UserRepository(uow);
    if (!projectId) return repository.findAllByEmail(email);
    const user = await repository.findByEmailInProject(projectId, email);
    return user ? [user] : [];
  });
  if (users.length === 0) {
    await spendVerificationTime(password, deps.passwordHashing);
    return { ok: false, users: [] };
  }
  // An address may have accounts in several projects: the password says which (each costs one verification).
  // They run at once, on libuv's threads, so that the answer takes about one verification's time however many
  // accounts the address has: how long a refusal takes must not tell that other merchants know the address.
  const matches = await Promise.all(
    users.map((candidate) => passwordMatches(candidate.passwordHash, password)),
  );
  const matching = users.filter((_, index) => matches[index]);
  if (matching.length === 0) return { ok: false, users };
  if (matching.length > 1) throw projectRequired(matching.map((account) => account.projectId));
  const user = matching[0]!;
  const token = newSessionToken();
  const session = MerchantSession.start({
    userId: user.id,
    projectId: user.projectId,
    tokenHash: hashSessionToken(token),
    at: deps.now(),
    maxLifetimeMs: deps.config.security.sessions.maxLifetimeMs,
    clientAddress,
  });
  await deps.db.transaction(async (uow) => {
    new UserRepository(uow).add(session);
    await options.recordIn?.(uow, { user, session });
  });
  return { ok: true, signedIn: { user, token, csrfToken: csrfTokenOf(token), session } };
}

/** `attemptSignIn` that throws the generic 401 on failure. */
export async function signIn(
  deps: IdentityAdminDeps,
  input: unknown,
  clientAddress: string | null,
): Promise<SignedIn> {
  const attempt = await attemptSignIn(deps, input, clientAddress);
  if (!attempt.ok) throw signInRefused();
  return attempt.signedIn;
}
