import { z } from 'zod';
import { isRole, type Role } from '../../../platform/auth/roles.ts';
import { notFound } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { isUuidText } from '../../../platform/validation/uuid.ts';
import { ProjectRepository } from '../../projects/index.ts';
import type { IdentityAdminDeps } from '../deps.ts';
import { emailTaken } from '../errors.ts';
import { generatePassword, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { refuseWeakPassword } from '../password-strength.ts';
import { MerchantUser } from '../user.entity.ts';
import { UserRepository } from '../user.repository.ts';

export const emailSchema = z.string().trim().max(254).pipe(z.email('must be an e-mail address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

const inputSchema = z
  .object({
    email: emailSchema,
    role: z.string().refine(isRole, 'must be admin, developer or viewer'),
    password: passwordSchema.optional(),
  })
  .strict();

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
      return created;
    })
    .catch((error: unknown) => {
      // Two invitations of one address at once: the unique index decides, with the same answer.
      throw UserRepository.isDuplicateEmail(error) ? emailTaken() : error;
    });
  return { user, password, generated: parsed.password === undefined };
}
