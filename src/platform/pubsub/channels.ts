/**
 * The NOTIFY channel that says "new outbox rows were committed". Sent after the commit by the committing
 * process (PgListener.signal, coalesced), never from inside the writing transaction; the payload means nothing.
 */
export const OUTBOX_CHANNEL = 'outbox_events';
