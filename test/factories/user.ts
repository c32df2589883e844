import { createUser } from '../../src/modules/identity/commands/create-user.ts';
import type { Role } from '../../src/platform/auth/roles.ts';
import type { TestApp } from '../helpers/test-app.ts';

export interface SeededUser {
  userId: string;
  projectId: string;
  email: string;
  password: string;
  role: Role;
}

let counter = 0;

/** A merchant user of the project, created through the same command as the CLI and `createUser`. */
export async function seedUser(app: TestApp, projectId: string, role: Role = 'admin'): Promise<SeededUser> {
  counter += 1;
  const email = `${role}-${counter}-${Math.random().toString(36).slice(2, 8)}@shop.example`;
  const { user, password } = await createUser(app.runtime.deps, projectId, { email, role });
  return { userId: user.id, projectId, email: user.email, password, role };
}
