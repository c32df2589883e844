import { randomUUID } from 'node:crypto';
import type { SqlPart } from '../../platform/db/prepared.ts';
import type { Order, Transaction } from '../orders/index.ts';
import {
  lockSetupTokenTransaction,
  OrderChanges,
  OrderWriteRepository,
  useSetupToken,
} from '../orders/index.ts';
import type { CardCipher } from './card-crypto.ts';
import { detectBrands, truncatePan } from './card-number.ts';
import { sealPan } from './card-sealing.ts';
import type { VaultDeps } from './deps.ts';
import { VaultCard } from './vault-card.entity.ts';
import { vaultCardInsert } from './vault-card.repository.ts';

export interface CardToStore {
  /** Validated (12-19 digits, Luhn) clear PAN: in memory only. */
  pan: string;
  expiry: string;
  name?: string;
}

/**
 * Stores a validated card for a transaction and uses up the transaction's setup token. The caller holds the
 * order's row lock and has checked that the token may be used. The transaction shows the public facts only.
 */
export function storeCardForTransaction(params: {
  /** Where the new card is written: the unit of work's VaultCardRepository, or a combined write. */
  cards: { add(card: VaultCard): void };
  cipher: CardCipher;
  order: Order;
  transaction: Transaction;
  card: CardToStore;
  at: Date;
  /** The vault token, when the request's Idempotency-Key gives one (a retry stores the same card). */
  id?: string;
}): VaultCard {
  const { cards, cipher, order, transaction, card, at } = params;
  const { brand, brands } = detectBrands(card.pan);
  const id = params.id ?? randomUUID();
  const stored = VaultCard.create({
    id,
    projectId: order.projectId,
    orderId: order.id,
    transactionId: transaction.id,
    ...sealPan(cipher, { id, projectId: order.projectId }, card.pan),
    expiry: card.expiry,
    brand,
    brands,
    truncatedPan: truncatePan(card.pan),
    cardholderName: card.name ?? null,
    createdAt: at,
  });
  cards.add(stored);

  useSetupToken(transaction, at);
  transaction.paymentMethodBrand = brand;
  transaction.paymentMethodDetails = {
    ...transaction.paymentMethodDetails,
    truncated_pan: stored.truncatedPan,
    card_expiry: stored.expiry,
    ...(stored.cardholderName && !transaction.paymentMethodDetails.cardholder_name
      ? { cardholder_name: stored.cardholderName }
      : {}),
  };
  return stored;
}

/**
 * Stores a card for the transaction a setup token belongs to, in one unit of work: the order is row-locked (found
 * by the token, within `owner.projectId`) and the token checked under the lock (orders/setup-token.ts), so of
 * two calls with one token exactly one stores a card. The card and the transaction's new facts are written in
 * one statement. Used by the vault face and both wallets' token calls (which name the transaction they found).
 */
export function storeCardWithSetupToken(
  deps: Pick<VaultDeps, 'db' | 'cipher'>,
  owner: { projectId: string; transactionId?: string },
  setupToken: string,
  card: CardToStore,
  at: Date,
  options: { id?: string; recovery?: (cardId: string) => SqlPart | null } = {},
): Promise<VaultCard> {
  // Prepared statements alone, pipelined: the lock with the read of what it locked, then one write (the request's
  // audit entry one of its parts) with the commit.
  return deps.db.preparedTransaction(
    async (uow) => {
      const writes = new OrderWriteRepository(uow);
      const changes = new OrderChanges();
      const { order, transaction } = await lockSetupTokenTransaction(writes, changes, owner, setupToken, at);
      const cards = { add: (stored: VaultCard) => changes.also(() => vaultCardInsert(stored)) };
      const stored = storeCardForTransaction({
        cards,
        cipher: deps.cipher,
        order,
        transaction,
        card,
        at,
        id: options.id,
      });
      const recovery = options.recovery?.(stored.id);
      if (recovery) changes.also(() => recovery);
      await writes.saveLast(changes);
      return stored;
    },
    // Concurrent cards share one transaction, each under its own order's lock (platform/db/shared-transactions.ts).
    { joinsInStatement: true, shares: 'vault.store-card' },
  );
}
