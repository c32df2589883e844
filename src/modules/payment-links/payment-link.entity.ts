import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

export const PaymentLinkSchema = defineEntity({
  name: 'PaymentLink',
  tableName: 'payment_links',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    amount: p.bigint('number'),
    currency: p.string(),
    description: p.text().nullable(),
    merchantOrderId: p.text().nullable(),
    /** After this instant the link creates no more orders; null: it never expires. */
    expiresAt: p.datetime().nullable(),
    /** At most one completed payment through the link. */
    singleUse: p.boolean(),
    returnUrl: p.text().nullable(),
    failureUrl: p.text().nullable(),
    /** Methods its orders offer; null: every method active in the project. */
    paymentMethods: p.array().nullable(),
    /** Set once by `deactivate`; the link then creates no more orders. */
    deactivatedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
  },
});

/** What a merchant gives a new link (validated by payment-link-input.ts). */
export interface PaymentLinkFields {
  amount: number;
  currency: string;
  description?: string | null;
  merchantOrderId?: string | null;
  expiresAt?: Date | null;
  singleUse?: boolean;
  returnUrl?: string | null;
  failureUrl?: string | null;
  paymentMethods?: string[] | null;
}

/** A payment link (issue 16 point 2): the order it makes each time a customer opens it. */
export class PaymentLink extends PaymentLinkSchema.class {
  /** The only place a link row is built. */
  /** A new link; `id` given by a request under an Idempotency-Key (derived from the key), else a fresh one. */
  static create(
    projectId: string,
    fields: PaymentLinkFields,
    at: Date,
    id: string = randomUUID(),
  ): PaymentLink {
    return Object.assign(new PaymentLink(), {
      id,
      projectId,
      amount: fields.amount,
      currency: fields.currency,
      description: fields.description ?? null,
      merchantOrderId: fields.merchantOrderId ?? null,
      expiresAt: fields.expiresAt ?? null,
      singleUse: fields.singleUse ?? false,
      returnUrl: fields.returnUrl ?? null,
      failureUrl: fields.failureUrl ?? null,
      paymentMethods: fields.paymentMethods ?? null,
      deactivatedAt: null,
      createdAt: at,
      modifiedAt: at,
    });
  }
}
PaymentLinkSchema.setClass(PaymentLink);
