import { defineEntity, p } from '@mikro-orm/core';

export type CardAuthorizationResult =
  | 'challenge_required'
  | 'approved'
  | 'declined'
  | 'error'
  | 'authentication_failed'
  /** Taken by the acquirer, answered later (its outcome notice). */
  | 'pending'
  /** The acquirer's late answer: it gave up waiting for the issuer. */
  | 'expired';

/**
 * The acquirer side of one card transaction: which stored card it pays with (so a 3-D Secure challenge can
 * resume it without the merchant), the acquirer's approval code for captures and voids, and until when a
 * pre-authorization may be captured. Never card data: the card stays in the vault.
 */
export const CardAuthorizationSchema = defineEntity({
  name: 'CardAuthorization',
  tableName: 'card_authorizations',
  properties: {
    transactionId: p.uuid().primary(),
    orderId: p.uuid(),
    projectId: p.uuid(),
    vaultCardId: p.uuid(),
    acquirer: p.text(),
    threeDSecure: p.enum(['none', 'external', 'challenge_passed'] as const).fieldName('three_d_secure'),
    result: p.type('text').$type<CardAuthorizationResult>(),
    authorizationCode: p.text().nullable(),
    authorizedAt: p.datetime().nullable(),
    capturableUntil: p.datetime().nullable(),
    createdAt: p.datetime(),
    modifiedAt: p.datetime(),
  },
});
/** What an authorization says, set at its first answer and again when a challenge is passed. */
export type CardAuthorizationFacts = Pick<
  CardAuthorization,
  | 'vaultCardId'
  | 'acquirer'
  | 'threeDSecure'
  | 'result'
  | 'authorizationCode'
  | 'authorizedAt'
  | 'capturableUntil'
  | 'modifiedAt'
>;

export class CardAuthorization extends CardAuthorizationSchema.class {
  /** The authorization of a card transaction, as the acquirer first answered it. */
  static create(
    transaction: { id: string; orderId: string; projectId: string },
    facts: CardAuthorizationFacts,
    at: Date,
  ): CardAuthorization {
    return Object.assign(new CardAuthorization(), {
      transactionId: transaction.id,
      orderId: transaction.orderId,
      projectId: transaction.projectId,
      createdAt: at,
      ...facts,
    });
  }
}
CardAuthorizationSchema.setClass(CardAuthorization);
