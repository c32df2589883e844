import { defineEntity, p } from '@mikro-orm/core';
import { timeOrderedId } from '../../platform/time-ordered-id.ts';
import type { JsonObject, Order } from './order.entity.ts';
import type { RecordOf } from './record-of.ts';
import type { TransactionStatus } from './state-machine.ts';

export type CaptureMode = 'automatic' | 'manual';

/** The method of every refund transaction (spec 2.6); merchants never choose it. */
export const REFUND_PAYMENT_METHOD = 'credit-card-refund';

/** An acquirer's answer as a transaction shows it under `outcomes.processing`. */
export interface ProcessingOutcome {
  kind: string;
  responseCode: string;
  responseCodeDescription: string;
}

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
    /** What the transaction settled when its money moved (signed minor units; settlement-rules.ts), else null. */
    settlementAmount: p.bigint('number').nullable(),
    settlementCurrency: p.text().nullable(),
    /** The fee charged when its money moved (minor units, never negative), else null. */
    feeAmount: p.bigint('number').nullable(),
    feeCurrency: p.text().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
  },
});
/**
 * One factory per kind of transaction, the only places a transaction row is built: a payment attempt (own
 * checkout or the hosted page), a refund, and a capture or void. It starts without status: the caller records
 * its first one with `recordNewTransaction` (status-changes.ts).
 */
export class Transaction extends TransactionSchema.class {
  /** A transaction as a read found it (order-writes.repository.ts tracks its changes from there). */
  static restore(record: RecordOf<Transaction>): Transaction {
    return Object.assign(new Transaction(), record);
  }

  /** A payment attempt of the whole order amount with `paymentMethod` (public details only, never a CVC). */
  static createPayment(
    order: Order,
    fields: {
      paymentMethod: string;
      details?: JsonObject;
      captureMode?: CaptureMode;
      /** The single-use setup token, for methods that issue one (setup-token.ts). */
      setupToken: string | null;
      at: Date;
      /** Derived from the request's Idempotency-Key: the acquirer's reference stays the same on a retry. */
      id?: string;
    },
  ): Transaction {
    return build(order, {
      id: fields.id,
      amount: order.amount,
      paymentMethod: fields.paymentMethod,
      paymentMethodDetails: fields.details ?? {},
      captureMode: fields.captureMode ?? 'automatic',
      setupToken: fields.setupToken,
      at: fields.at,
    });
  }

  /**
   * The refund transaction of a refund order, for `payment` of the original; `method` is the refund method of
   * the payment's method (the registry's `refundMethodOf`: `credit-card-refund` for cards, spec 2.6); `id` is
   * derived from the Idempotency-Key when there is one (a retry builds the same refund).
   */
  static createRefund(
    order: Order,
    payment: Transaction,
    at: Date,
    method: string = REFUND_PAYMENT_METHOD,
    id?: string,
  ): Transaction {
    const truncatedPan = payment.paymentMethodDetails.truncated_pan;
    return build(order, {
      id,
      amount: order.amount,
      creditDebit: 'debit',
      paymentMethod: method,
      paymentMethodBrand: payment.paymentMethodBrand ?? null,
      paymentMethodDetails: typeof truncatedPan === 'string' ? { truncated_pan: truncatedPan } : {},
      refundOfTransactionId: payment.id,
      at,
    });
  }

  /**
   * The transaction of a capture or void order: the acquirer's answer on `authorized`'s card, under the id the
   * acquirer was given.
   */
  static createFollowUp(
    order: Order,
    authorized: Transaction,
    fields: {
      kind: 'capture' | 'void';
      id: string;
      result: ProcessingOutcome & { reason: string };
      at: Date;
    },
  ): Transaction {
    const { kind, result } = fields;
    return build(order, {
      id: fields.id,
      amount: order.amount,
      creditDebit: kind === 'void' ? 'credit' : null,
      paymentMethod: authorized.paymentMethod,
      paymentMethodBrand: authorized.paymentMethodBrand,
      paymentMethodDetails: authorized.paymentMethodDetails.truncated_pan
        ? { truncated_pan: authorized.paymentMethodDetails.truncated_pan }
        : {},
      outcomes: processingOutcomes(result),
      reason: result.reason,
      voidOfTransactionId: kind === 'void' ? authorized.id : null,
      captureOfTransactionId: kind === 'capture' ? authorized.id : null,
      at: fields.at,
    });
  }

  /**
   * The one transaction of a chargeback order (`debit`: the disputed money leaves the merchant) or of a
   * reversal order (`credit`: it comes back), on the disputed payment's method and card. A chargeback's
   * scheme reason code is kept under `outcomes.chargeback.reason_code`.
   */
  static createDispute(
    order: Order,
    disputed: Transaction,
    fields: { kind: 'chargeback' | 'reversal'; reasonCode?: string; at: Date; id?: string },
  ): Transaction {
    const truncatedPan = disputed.paymentMethodDetails.truncated_pan;
    return build(order, {
      id: fields.id,
      amount: order.amount,
      creditDebit: fields.kind === 'chargeback' ? 'debit' : 'credit',
      paymentMethod: disputed.paymentMethod,
      paymentMethodBrand: disputed.paymentMethodBrand,
      paymentMethodDetails: typeof truncatedPan === 'string' ? { truncated_pan: truncatedPan } : {},
      outcomes: fields.reasonCode ? { chargeback: { reason_code: fields.reasonCode } } : null,
      reason: 'none',
      at: fields.at,
    });
  }
}
TransactionSchema.setClass(Transaction);

/** `outcomes` of a transaction the acquirer answered. */
export function processingOutcomes(result: ProcessingOutcome): JsonObject {
  return {
    processing: {
      status: result.kind,
      response_code: result.responseCode,
      response_code_description: result.responseCodeDescription,
    },
  };
}

function build(
  order: Order,
  fields: Pick<Transaction, 'amount' | 'paymentMethod' | 'paymentMethodDetails'> &
    Partial<
      Pick<
        Transaction,
        | 'id'
        | 'creditDebit'
        | 'paymentMethodBrand'
        | 'captureMode'
        | 'outcomes'
        | 'reason'
        | 'setupToken'
        | 'refundOfTransactionId'
        | 'voidOfTransactionId'
        | 'captureOfTransactionId'
      >
    > & { at: Date },
): Transaction {
  return Object.assign(new Transaction(), {
    id: fields.id ?? timeOrderedId(),
    orderId: order.id,
    projectId: order.projectId,
    amount: fields.amount,
    currency: order.currency,
    creditDebit: fields.creditDebit ?? null,
    paymentMethod: fields.paymentMethod,
    paymentMethodBrand: fields.paymentMethodBrand ?? null,
    paymentMethodDetails: fields.paymentMethodDetails,
    captureMode: fields.captureMode ?? 'automatic',
    isCapturable: false,
    outcomes: fields.outcomes ?? null,
    reason: fields.reason ?? null,
    paymentUrl: null,
    setupToken: fields.setupToken ?? null,
    setupTokenUsedAt: null,
    refundOfTransactionId: fields.refundOfTransactionId ?? null,
    voidOfTransactionId: fields.voidOfTransactionId ?? null,
    captureOfTransactionId: fields.captureOfTransactionId ?? null,
    settlementAmount: null,
    settlementCurrency: null,
    feeAmount: null,
    feeCurrency: null,
    createdAt: fields.at,
    modifiedAt: fields.at,
  });
}

export const TransactionEventSchema = defineEntity({
  name: 'TransactionEvent',
  tableName: 'transaction_events',
  properties: {
    id: p.uuid().primary(),
    transactionId: p.uuid(),
    /** The transaction's project (every tenant table carries it: docs/operations.md). */
    projectId: p.uuid(),
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
export class TransactionEvent extends TransactionEventSchema.class {
  /** The event of `transaction` entering `to` (status-changes.ts records every one). */
  static create(
    transaction: Pick<Transaction, 'id' | 'projectId'>,
    fields: { to: string; from: string | null; source: string; at: Date },
  ): TransactionEvent {
    return Object.assign(new TransactionEvent(), {
      id: timeOrderedId(),
      transactionId: transaction.id,
      projectId: transaction.projectId,
      event: fields.to,
      source: fields.source,
      fromStatus: fields.from,
      occurredAt: fields.at,
    });
  }
}
TransactionEventSchema.setClass(TransactionEvent);
