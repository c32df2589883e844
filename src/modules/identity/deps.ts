import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { Deps } from '../../platform/deps.ts';
import type { CounterStore } from '../../platform/limits/counter-store.ts';
import type { Credentials } from './credentials.ts';
import type { PasswordHashingCost } from './password.ts';

/**
 * What identity commands need: units of work, the clock, the configuration (session lifetimes), and the
 * process's credential resolver with its cache. The CLI runs the user and key commands without `credentials`.
 */
export interface IdentityDeps extends Pick<Deps, 'db' | 'config' | 'now'> {
  credentials: Credentials;
  /** Counters every process shares (tries of the current password). */
  counters: CounterStore;
  /** Sign-ins, failed sign-ins and sign-outs are recorded here. */
  audit: AuditTrail;
  /** The argon2id cost of new password hashes; absent: OWASP's (password.ts `PASSWORD_HASHING`). */
  passwordHashing?: PasswordHashingCost;
}

/**
 * For commands the CLI runs too: no credential cache in a one-shot process. In a server process the change
 * is also applied to its own cache at once (`credentials.apply`), before its NOTIFY comes back.
 */
export type IdentityAdminDeps = Pick<Deps, 'db' | 'config' | 'now' | 'operation'> & {
  credentials?: Credentials;
  passwordHashing?: PasswordHashingCost;
};
