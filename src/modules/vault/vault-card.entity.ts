import { defineEntity, p } from '@mikro-orm/core';

/**
 * A stored card (spec 2.8). Its id is the `vault_token`. The PAN exists here only as AES-256-GCM ciphertext
 * (`panCiphertext`) with the id of the key that sealed it; there is deliberately no CVC property.
 */
export const VaultCardSchema = defineEntity({
  name: 'VaultCard',
  tableName: 'vault_cards',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    /** The order and transaction whose setup token stored the card. */
    orderId: p.uuid(),
    transactionId: p.uuid(),
    keyId: p.text(),
    panCiphertext: p.text(),
    /** `MMYYYY`. */
    expiry: p.string(),
    brand: p.text().nullable(),
    brands: p.array(),
    truncatedPan: p.text(),
    cardholderName: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
/** Every column of a stored card: it is written once and never changes. */
export type VaultCardFields = Pick<
  VaultCard,
  | 'id'
  | 'projectId'
  | 'orderId'
  | 'transactionId'
  | 'keyId'
  | 'panCiphertext'
  | 'expiry'
  | 'brand'
  | 'brands'
  | 'truncatedPan'
  | 'cardholderName'
  | 'createdAt'
>;

export class VaultCard extends VaultCardSchema.class {
  /** A card to store (vault/card-storage.ts seals the PAN first). */
  static create(fields: VaultCardFields): VaultCard {
    return Object.assign(new VaultCard(), fields);
  }

  /** A stored card as a repository read it: its JSON (`createdAt` as text). */
  static fromJson(json: string): VaultCard {
    const card = JSON.parse(json) as VaultCardFields & { createdAt: string };
    return VaultCard.create({ ...card, createdAt: new Date(card.createdAt) });
  }
}
VaultCardSchema.setClass(VaultCard);
