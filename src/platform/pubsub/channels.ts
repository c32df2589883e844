/** The NOTIFY channel the foundation migration's trigger fires (payload: the outbox row id) on each insert. */
export const OUTBOX_CHANNEL = 'outbox_events';

/**
 * Credential changes (payload: JSON `CredentialChange`, platform/auth/credential-change.ts): a key revoked,
 * rolled or expired, a user removed, a session ended, a project changed. Every process drops what it cached
 * and closes the sockets of a revoked principal.
 */
export const CREDENTIAL_CHANNEL = 'credential_changes';
