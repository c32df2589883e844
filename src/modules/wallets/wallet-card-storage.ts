import { timingSafeEqual } from 'node:crypto';
import type { UnitOfWork } from '../../platform/db/db.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Order, Transaction } from '../orders/index.ts';
import { OrderRepository, setupTokenNotFound } from '../orders/index.ts';
import { PaymentRepository } from '../payments/index.ts';
import type { VaultCard, VaultDeps } from '../vault/index.ts';
import { type CardToStore, isLuhnValid, storeCardWithSetupToken } from '../vault/index.ts';
import { cardNumberInvalid, walletTransactionNotFound, wrongPaymentMethod } from './errors.ts';

export type WalletMethod = 'wallet-a-pay' | 'wallet-b-pay';

/** The transaction a wallet token call is for, found before any cryptography runs. */
export interface WalletTarget {
  order: Order;
  transaction: Transaction;
}

/** Wallet A (4.8): the caller's project, then its setup token, which must belong to a wallet A transaction. */
export async function findTargetBySetupToken(
  deps: Pick<Deps, 'db'>,
  projectId: string,
  setupToken: string,
  method: WalletMethod,
): Promise<WalletTarget> {
  const target = await loadTarget(deps, async (uow) => {
    const transaction = await new OrderRepository(uow).findTransactionBySetupToken(setupToken);
    return transaction?.projectId === projectId ? transaction : null;
  });
  if (!target) throw setupTokenNotFound();
  return ofMethod(target, method, 'setupToken');
}

/**
 * Wallet B (4.9, no API key): the transaction id and its setup token together are the caller's only
 * credential, so a wrong pair is reported exactly as an unknown transaction. `projectId` narrows the search
 * when the caller is known (GraphQL).
 */
export async function findTargetByTransaction(
  deps: Pick<Deps, 'db'>,
  transactionId: string,
  setupToken: string,
  method: WalletMethod,
  projectId: string | null,
): Promise<WalletTarget> {
  const target = await loadTarget(deps, async (uow) => {
    const transaction = await new PaymentRepository(uow).findTransactionById(transactionId);
    return transaction && (projectId === null || transaction.projectId === projectId) ? transaction : null;
  });
  if (!target || !sameSecret(target.transaction.setupToken, setupToken)) throw walletTransactionNotFound();
  return ofMethod(target, method, 'transactionId');
}

/** The transaction `find` finds, with its order. */
function loadTarget(
  deps: Pick<Deps, 'db'>,
  find: (uow: UnitOfWork) => Promise<Transaction | null>,
): Promise<WalletTarget | null> {
  return deps.db.read(async (uow) => {
    const transaction = await find(uow);
    if (!transaction) return null;
    const order = await new OrderRepository(uow).findOrder(transaction.projectId, transaction.orderId);
    return order ? { order, transaction } : null;
  });
}

/** A token call for another method's transaction is refused, naming the field that pointed there. */
function ofMethod(target: WalletTarget, method: WalletMethod, field: string): WalletTarget {
  const actual = target.transaction.paymentMethod;
  if (actual !== method) throw wrongPaymentMethod(field, method, actual);
  return target;
}

/**
 * Stores a decrypted wallet card in the vault for the target transaction and uses up its setup token. The
 * order is locked and the setup token checked again, so of two simultaneous calls exactly one stores a card.
 * The clear PAN only passes through memory into the vault's sealed column.
 */
export async function storeWalletCard(
  deps: VaultDeps,
  target: WalletTarget,
  card: CardToStore,
  now: Date,
): Promise<VaultCard> {
  // DPANs and PANs alike carry a valid check digit; the vault never holds a number that fails it.
  if (!isLuhnValid(card.pan)) throw cardNumberInvalid();
  // The target was found by its setup token, so it has one.
  const { id: transactionId, projectId, setupToken } = target.transaction;
  return storeCardWithSetupToken(deps, { projectId, transactionId }, setupToken ?? '', card, now);
}

function sameSecret(expected: string | null | undefined, given: string): boolean {
  if (!expected) return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
