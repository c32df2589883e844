/**
 * Roles of a merchant user or an API key in a project, weakest first: `viewer` reads, `developer` also writes
 * (orders, refunds, settings, API keys), `admin` also manages users and reads the audit log. A key has its own
 * role, never above the user who made it (keys made from the command line: `admin`); fields marked
 * `principal: USER` (key and user management) refuse every key, so a leaked key cannot mint keys or invite users.
 */
export const ROLES = ['viewer', 'developer', 'admin'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` grants at least what `required` grants. */
export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}
