/** The NOTIFY channel the foundation migration's trigger fires (payload: the outbox row id) on each insert. */
export const OUTBOX_CHANNEL = 'outbox_events';
