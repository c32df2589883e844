import { randomUUID } from 'node:crypto';
import {
  setupTokenExpired,
  setupTokenNotFound,
  setupTokenUsed,
  transactionNotWaitingForCard,
} from './errors.ts';
import type { Order } from './order.entity.ts';
import { isUuid } from './order.repository.ts';
import type { LockedOrder, OrderChanges, OrderWriteRepository } from './order-writes.repository.ts';
import { isFinalOrderStatus } from './state-machine.ts';
import type { Transaction } from './transaction.entity.ts';

/**
 * The setup token of a transaction (spec 2.4, 4.6, 7.2): issued when the transaction is created (for methods
 * whose handler says so), it lets the vault and the wallet token calls store one card for that transaction.
 * It works once, within 300 seconds after the order was created, while the transaction still waits for a card.
 */
export const SETUP_TOKEN_VALIDITY_MS = 300_000;

export function issueSetupToken(): string {
  return randomUUID();
}

/** Refuses a token that was used, has expired, or whose transaction no longer waits for a card. */
export function checkSetupToken(order: Order, transaction: Transaction, now: Date): void {
  if (transaction.setupTokenUsedAt) throw setupTokenUsed();
  if (now.getTime() - order.createdAt.getTime() > SETUP_TOKEN_VALIDITY_MS) {
    throw setupTokenExpired(SETUP_TOKEN_VALIDITY_MS / 1000);
  }
  if (transaction.status !== 'new' || isFinalOrderStatus(order.status)) throw transactionNotWaitingForCard();
}

/**
 * The token's transaction, its order row-locked and the token checked again under the lock, so of two calls with
 * one token exactly one gets through. Found by the token within the owner's project (and, when the caller names
 * it, only as that transaction): anything else is not found.
 */
export async function lockSetupTokenTransaction(
  writes: OrderWriteRepository,
  changes: OrderChanges,
  owner: { projectId: string; transactionId?: string },
  setupToken: string,
  now: Date,
): Promise<LockedOrder & { transaction: Transaction }> {
  // Storing a card answers with the card, not the order: no events or related orders to read.
  const locked = isUuid(setupToken)
    ? await writes.lockOrder(owner.projectId, { setupToken }, changes, { withHistory: false })
    : null;
  const transaction = locked?.transactions.find((t) => t.setupToken === setupToken);
  if (!locked || !transaction || (owner.transactionId && transaction.id !== owner.transactionId)) {
    throw setupTokenNotFound();
  }
  checkSetupToken(locked.order, transaction, now);
  return { ...locked, transaction };
}

/** Uses the token up; the caller stores the card in the same unit of work. */
export function useSetupToken(transaction: Transaction, at: Date): void {
  transaction.setupTokenUsedAt = at;
  transaction.modifiedAt = at;
}
