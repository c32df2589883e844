/**
 * The NOTIFY channel that says "new outbox rows were committed". Sent after the commit by the committing
 * process (PgListener.signal, coalesced), never from inside the writing transaction; the payload means nothing.
 */
export const OUTBOX_CHANNEL = 'outbox_events';

/** "Webhook deliveries are due": sent after a commit that queued deliveries (relay, redeliveries). */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
