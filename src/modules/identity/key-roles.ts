import type { Actor } from '../../platform/auth/actor.ts';
import { isRole, type Role, roleAtLeast } from '../../platform/auth/roles.ts';
import { invalid } from '../../platform/errors/domain-error.ts';
import type { KeyUser } from './api-key.entity.ts';
import { roleAboveMaker } from './errors.ts';

/**
 * Who makes or changes a key: a signed-in user (whose role bounds the key's), or the operator at the command
 * line (null: any role, no owner).
 */
export interface KeyMaker {
  user: KeyUser;
  role: Role;
}

/** The maker of a key change from a request's caller: its user, or null when there is none (never: keys are
 * managed by users only, the SDL's `@requires(principal: USER)`). */
export function keyMakerOf(actor: Actor): KeyMaker | null {
  const { principal } = actor;
  return principal.kind === 'user'
    ? { user: { id: principal.userId, email: principal.email }, role: actor.role }
    : null;
}

/**
 * The role a new key gets: the one asked for, else `fallback` (the maker's own role, or the rolled key's); never
 * above the maker's (a developer cannot mint an admin key). The CLI's keys are whatever it asks, `admin` by default.
 */
export function keyRole(asked: string | null | undefined, fallback: Role, maker: KeyMaker | null): Role {
  if (asked !== null && asked !== undefined && !isRole(asked)) {
    throw invalid('role', 'must be admin, developer or viewer');
  }
  const role = (asked ?? fallback) as Role;
  if (maker && !roleAtLeast(maker.role, role)) throw roleAboveMaker(maker.role, role);
  return role;
}

export { roleAboveMaker };
