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
export class VaultCard extends VaultCardSchema.class {}
VaultCardSchema.setClass(VaultCard);
