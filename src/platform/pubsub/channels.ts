/**
 * The NOTIFY channel that says "new outbox rows were committed". Sent after the commit by the committing
 * process (PgListener.signal, coalesced), never from inside the writing transaction; the payload means nothing.
 */
export const OUTBOX_CHANNEL = 'outbox_events';

/**
 * "New outbox rows were committed, every one of them relayed already" (their webhook deliveries, if any, were
 * queued by the same statement): wakes the events feed, not the outbox relay, which would find nothing to do.
 */
export const OUTBOX_RELAYED_CHANNEL = 'outbox_events_relayed';

/**
 * Credential changes (payload: JSON `CredentialChange`, platform/auth/credential-change.ts): a key revoked,
 * rolled or expired, a user removed, a session ended, a project changed. Every process drops what it cached
 * and closes the sockets of a revoked principal.
 */
export const CREDENTIAL_CHANNEL = 'credential_changes';
/** "Webhook deliveries are due": sent after a commit that queued deliveries (relay, redeliveries). */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
