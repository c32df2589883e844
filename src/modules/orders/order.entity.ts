import { defineEntity, p } from '@mikro-orm/core';
import { timeOrderedId } from '../../platform/time-ordered-id.ts';
import { addIsoDuration } from './duration.ts';
import type { RecordOf } from './record-of.ts';
import type { OrderStatus } from './state-machine.ts';

export type OrderKind = 'payment' | 'refund' | 'capture' | 'void' | 'chargeback' | 'reversal';
/** `hosted`: the customer pays on our page; `own`: the merchant sent exactly one transaction. */
export type Checkout = 'hosted' | 'own';
export type JsonObject = Record<string, unknown>;

export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    merchantId: p.uuid(),
    kind: p.enum(['payment', 'refund', 'capture', 'void', 'chargeback', 'reversal'] as const),
    merchantOrderId: p.text().nullable(),
    description: p.text().nullable(),
    currency: p.string(),
    amount: p.bigint('number'),
    status: p.type('text').$type<OrderStatus>(),
    flags: p.array(),
    checkout: p.enum(['hosted', 'own'] as const),
    expirationPeriod: p.text(),
    expiresAt: p.datetime(),
    paymentMethods: p.array().nullable(),
    returnUrl: p.text().nullable(),
    failureUrl: p.text().nullable(),
    webhookUrl: p.text().nullable(),
    customer: p.json<JsonObject>().nullable(),
    client: p.json<JsonObject>().nullable(),
    extra: p.json<JsonObject>().nullable(),
    /** What the customer buys, line by line, as sent (order-lines.ts); on a refund, the lines refunded. */
    orderLines: p.json<JsonObject[]>().nullable(),
    refundedAmount: p.bigint('number').default(0),
    relatedOrderId: p.uuid().nullable(),
    /** The payment link the order was created from (payment-links module), spec `related_payment_link_id`. */
    paymentLinkId: p.uuid().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});
/** The optional facts a merchant gives an order; absent ones are stored as null. */
export interface OrderDetails {
  merchantOrderId?: string | null;
  description?: string | null;
  paymentMethods?: string[] | null;
  returnUrl?: string | null;
  failureUrl?: string | null;
  webhookUrl?: string | null;
  customer?: JsonObject | null;
  client?: JsonObject | null;
  extra?: JsonObject | null;
  orderLines?: JsonObject[] | null;
}

/**
 * One factory per kind of order, the only places an order row is built: a merchant's payment order, and the
 * refund, capture and void orders created from one. Every order starts `new`; its status then only moves
 * through the state machine (status-changes.ts).
 */
export class Order extends OrderSchema.class {
  /** An order as a read found it (order-writes.repository.ts tracks its changes from there). */
  static restore(record: RecordOf<Order>): Order {
    return Object.assign(new Order(), record);
  }

  /** `is-test` on every order of a test project. */
  static flagsFor(mode: 'test' | 'live'): string[] {
    return mode === 'test' ? ['is-test'] : [];
  }

  /** A merchant's order (spec 4.1): hosted, or an own checkout when it comes with its one transaction. */
  static createPayment(
    fields: {
      projectId: string;
      merchantId: string;
      mode: 'test' | 'live';
      checkout: Checkout;
      currency: string;
      amount: number;
      expirationPeriod: string;
      at: Date;
      paymentLinkId?: string | null;
      /** Derived from the request's Idempotency-Key, so a retry makes the same order (operations/). */
      id?: string;
    } & OrderDetails,
  ): Order {
    return build({
      ...fields,
      kind: 'payment',
      flags: Order.flagsFor(fields.mode),
      expiresAt: addIsoDuration(fields.at, fields.expirationPeriod) ?? fields.at,
      relatedOrderId: null,
    });
  }

  /** A refund of `original` (spec 2.6): its currency, announced where the original's changes are. */
  static createRefund(
    original: Order,
    fields: Pick<OrderDetails, 'merchantOrderId' | 'description' | 'extra' | 'orderLines'> & {
      amount: number;
      expirationPeriod: string;
      at: Date;
      /** Derived from the request's Idempotency-Key, so a retry makes the same refund (operations/). */
      id?: string;
    },
  ): Order {
    return build({
      id: fields.id,
      projectId: original.projectId,
      merchantId: original.merchantId,
      kind: 'refund',
      checkout: 'own',
      currency: original.currency,
      amount: fields.amount,
      flags: original.flags.includes('is-test') ? ['is-refund', 'is-test'] : ['is-refund'],
      merchantOrderId: fields.merchantOrderId,
      description: fields.description ?? original.description,
      expirationPeriod: fields.expirationPeriod,
      expiresAt: addIsoDuration(fields.at, fields.expirationPeriod) ?? fields.at,
      webhookUrl: original.webhookUrl,
      extra: fields.extra,
      orderLines: fields.orderLines,
      relatedOrderId: original.id,
      at: fields.at,
    });
  }

  /** A capture or void of `original`'s pre-authorization (spec 2.7), settled in the unit of work that makes it. */
  static createFollowUp(original: Order, kind: 'capture' | 'void', amount: number, at: Date): Order {
    return build({
      ...settledAgainst(original, amount, at),
      kind,
      flags: original.flags.filter((flag) => flag === 'is-test'),
      customer: original.customer,
    });
  }

  /**
   * A chargeback of `original` (the cardholder disputed `amount`), flagged `is-chargeback`; or a reversal of a
   * chargeback order (the merchant won the dispute and gets `amount` back), flagged `is-reversal`. Both are
   * settled in the unit of work that records the acquirer's notice.
   */
  static createDispute(
    original: Order,
    kind: 'chargeback' | 'reversal',
    amount: number,
    at: Date,
    /** Derived from the request's Idempotency-Key (a simulated notice): a retry names the same order. */
    id?: string,
  ): Order {
    const flag = kind === 'chargeback' ? 'is-chargeback' : 'is-reversal';
    return build({
      ...settledAgainst(original, amount, at),
      id,
      kind,
      flags: original.flags.includes('is-test') ? [flag, 'is-test'] : [flag],
    });
  }
}
OrderSchema.setClass(Order);

/**
 * What an order settled against `original` in the unit of work that makes it (a capture, void, chargeback or
 * reversal) takes from it; it never waits for an expiry.
 */
function settledAgainst(original: Order, amount: number, at: Date) {
  return {
    projectId: original.projectId,
    merchantId: original.merchantId,
    checkout: 'own' as const,
    currency: original.currency,
    amount,
    merchantOrderId: original.merchantOrderId,
    description: original.description,
    expirationPeriod: original.expirationPeriod,
    expiresAt: at,
    webhookUrl: original.webhookUrl,
    relatedOrderId: original.id,
    at,
  };
}

function build(
  fields: Pick<
    Order,
    | 'projectId'
    | 'merchantId'
    | 'kind'
    | 'checkout'
    | 'currency'
    | 'amount'
    | 'flags'
    | 'expirationPeriod'
    | 'expiresAt'
    | 'relatedOrderId'
  > &
    OrderDetails & { at: Date; paymentLinkId?: string | null; id?: string },
): Order {
  return Object.assign(new Order(), {
    id: fields.id ?? timeOrderedId(),
    projectId: fields.projectId,
    merchantId: fields.merchantId,
    kind: fields.kind,
    merchantOrderId: fields.merchantOrderId ?? null,
    description: fields.description ?? null,
    currency: fields.currency,
    amount: fields.amount,
    status: 'new' as const,
    flags: fields.flags,
    checkout: fields.checkout,
    expirationPeriod: fields.expirationPeriod,
    expiresAt: fields.expiresAt,
    paymentMethods: fields.paymentMethods ?? null,
    returnUrl: fields.returnUrl ?? null,
    failureUrl: fields.failureUrl ?? null,
    webhookUrl: fields.webhookUrl ?? null,
    customer: fields.customer ?? null,
    client: fields.client ?? null,
    extra: fields.extra ?? null,
    orderLines: fields.orderLines ?? null,
    refundedAmount: 0,
    relatedOrderId: fields.relatedOrderId,
    paymentLinkId: fields.paymentLinkId ?? null,
    createdAt: fields.at,
    modifiedAt: fields.at,
    completedAt: null,
  });
}
