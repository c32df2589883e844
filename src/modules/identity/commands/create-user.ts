import { z } from 'zod';
import { isRole, type Role } from '../../../platform/auth/roles.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import { emailAddressSchema } from '../../../platform/validation/email.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { ProjectRepository } from '../../projects/index.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { emailTaken } from '../errors.ts';
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { refuseWeakPassword } from '../password-strength.ts';
import { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

const inputSchema = z
  .object({
    email: emailAddressSchema(),
    role: z.string().refine(isRole, 'must be admin, developer or viewer'),
    password: passwordSchema.optional(),
  })
  .strict();

/** The recovery point of a create under an Idempotency-Key: the user committed. */
const USER_CREATED = 'user_created';

export interface CreatedUser {
  user: MerchantUser;
  /** The password: generated (shown once) or the one given. */
  password: string;
  generated: boolean;
}

/**
 * Adds a merchant user to a project (an admin's invitation, or the CLI); the password is hashed with argon2id.
 * An e-mail address has one account per project, and may have accounts in several projects: whether it has one
 * at another merchant changes nothing here, so nothing here tells (`email_taken` only for this project's own).
 *
 * Under an Idempotency-Key it is a one-phase operation: its transaction records the recovery point, so the
 * retry of an invitation whose answer died with its process answers that user (with a new generated password:
 * only the hash of the first was kept, and nobody saw it) instead of `email_taken`.
 */
export async function createUser(
  deps: IdentityAdminDeps,
  projectId: string,
  input: { email: string; role: string; password?: string },
): Promise<CreatedUser> {
  const parsed = parseOrThrow(inputSchema, input);
  const email = parsed.email.toLowerCase();
  if (parsed.password !== undefined) await refuseWeakPassword(parsed.password, { email }, 'password');
  const password = parsed.password ?? generatePassword();
  const passwordHash = await hashPassword(password, deps.passwordHashing);
  const operation = operationOf(deps);
  if (operation.recovered?.point === USER_CREATED) {
    const userId = String(operation.recovered.data.userId);
    const user = await deps.db.transaction(async (uow) => {
      const made = await new UserRepository(uow).findCurrent(userId);
      if (made?.projectId !== projectId) throw notFound('User', 'user');
      made.passwordHash = passwordHash;
      return made;
    });
    return { user, password, generated: parsed.password === undefined };
  }
  const user = await deps.db
    .transaction(async (uow) => {
      if (!isUuidText(projectId) || !(await new ProjectRepository(uow).findProject(projectId))) {
        throw notFound('Project', 'project');
      }
      const users = new UserRepository(uow);
      if (await users.findByEmailInProject(projectId, email)) throw emailTaken();
      const created = MerchantUser.create({
        projectId,
        email,
        role: parsed.role as Role,
        passwordHash,
        at: deps.now(),
      });
      users.add(created);
      await operation.record(uow, USER_CREATED, { userId: created.id });
      return created;
    })
    .catch((error: unknown) => {
      // Two invitations of one address at once: the unique index decides, with the same answer.
      throw UserRepository.isDuplicateEmail(error) ? emailTaken() : error;
    });
  await crashPoint('user.after-commit');
  return { user, password, generated: parsed.password === undefined };
}
