import { defineEntity, p } from '@mikro-orm/core';
import type { JsonObject } from './order.entity.ts';
import type { TransactionStatus } from './state-machine.ts';

export type CaptureMode = 'automatic' | 'manual';

export const TransactionSchema = defineEntity({
  name: 'Transaction',
  tableName: 'transactions',
  properties: {
    id: p.uuid().primary(),
    orderId: p.uuid(),
    projectId: p.uuid(),
    amount: p.bigint('number'),
    currency: p.string(),
    creditDebit: p.text().$type<'credit' | 'debit'>().nullable(),
    paymentMethod: p.text(),
    paymentMethodBrand: p.text().nullable(),
    /** Public details only (truncated PAN, vault token, ...); never a PAN or CVC. */
    paymentMethodDetails: p.json<JsonObject>(),
    status: p.type('text').$type<TransactionStatus>(),
    captureMode: p.enum(['automatic', 'manual'] as const),
    isCapturable: p.boolean(),
    outcomes: p.json<JsonObject>().nullable(),
    reason: p.text().nullable(),
    paymentUrl: p.text().nullable(),
    setupToken: p.uuid().nullable(),
    setupTokenUsedAt: p.datetime().nullable(),
    refundOfTransactionId: p.uuid().nullable(),
    voidOfTransactionId: p.uuid().nullable(),
    captureOfTransactionId: p.uuid().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
  },
});
export class Transaction extends TransactionSchema.class {}
TransactionSchema.setClass(Transaction);

export const TransactionEventSchema = defineEntity({
  name: 'TransactionEvent',
  tableName: 'transaction_events',
  properties: {
    id: p.uuid().primary(),
    transactionId: p.uuid(),
    /** The status entered, e.g. `new`, `accepted`. */
    event: p.text(),
    /** What caused it, e.g. `set_status`. */
    source: p.text(),
    fromStatus: p.text().nullable(),
    occurredAt: p.datetime(),
    /** Assigned by the database on insert: the order events happened in, even within one timestamp. */
    seq: p.bigint('number').persist(false).nullable(),
  },
});
export class TransactionEvent extends TransactionEventSchema.class {}
TransactionEventSchema.setClass(TransactionEvent);
