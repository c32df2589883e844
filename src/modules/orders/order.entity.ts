import { defineEntity, p } from '@mikro-orm/core';
import type { OrderStatus } from './state-machine.ts';

export type OrderKind = 'payment' | 'refund' | 'capture' | 'void';
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
    kind: p.enum(['payment', 'refund', 'capture', 'void'] as const),
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
    refundedAmount: p.bigint('number').default(0),
    relatedOrderId: p.uuid().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});
export class Order extends OrderSchema.class {}
OrderSchema.setClass(Order);
