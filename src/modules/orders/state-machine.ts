import { DomainError } from '../../platform/errors/domain-error.ts';
import { ORDER_ERRORS, orderErrors } from './errors.ts';

/**
 * The one explicit state machine for orders and transactions (spec part 3).
 *
 * Transaction statuses follow their own table below. The order status is derived from its transactions,
 * except for the order-level events `expire` and `cancel`, and every order change must also be an allowed
 * order transition. Nothing else in the code base decides a status.
 */

export const ORDER_STATUSES = [
  'new',
  'processing',
  'completed',
  'cancelled',
  'expired',
  'error',
  'see-transactions',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const TRANSACTION_STATUSES = [
  'new',
  'pending',
  'processing',
  'accepted',
  'captured',
  'completed',
  'declined',
  'cancelled',
  'expired',
  'error',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'expired', 'error'];
/** What an order's deadline still acts on: it is not final, or it holds attempts still open beside a payment. */
export const EXPIRING_ORDER_STATUSES: readonly OrderStatus[] = ['new', 'processing', 'see-transactions'];

/** Allowed transaction transitions: from -> the statuses it may move to. Absent means final. */
export const TRANSACTION_TRANSITIONS: Readonly<Record<TransactionStatus, readonly TransactionStatus[]>> = {
  new: ['pending', 'processing', 'accepted', 'completed', 'declined', 'error', 'cancelled', 'expired'],
  pending: ['processing', 'accepted', 'completed', 'declined', 'error', 'cancelled', 'expired'],
  processing: ['accepted', 'completed', 'declined', 'error', 'cancelled', 'expired'],
  // An authorised (accepted) pre-authorisation may still be captured; nothing else moves it.
  accepted: ['captured'],
  captured: [],
  completed: [],
  declined: [],
  cancelled: [],
  expired: [],
  error: [],
};

/** Allowed order transitions. `see-transactions` may settle once the merchant's transactions settle. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['processing', 'completed', 'cancelled', 'expired', 'error', 'see-transactions'],
  processing: ['completed', 'cancelled', 'expired', 'error', 'see-transactions'],
  'see-transactions': ['completed', 'error', 'cancelled', 'expired'],
  completed: [],
  cancelled: [],
  expired: [],
  error: [],
};

const SUCCEEDED: readonly TransactionStatus[] = ['accepted', 'captured', 'completed'];
/** Still running: not yet answered (or waiting for the customer). */
const PENDING: readonly TransactionStatus[] = ['new', 'pending', 'processing'];
/** The open transaction statuses, for SQL that selects open transactions (bound as a text array). */
export const OPEN_TRANSACTION_STATUSES = PENDING;
/** Ended without the money: declined, failed, cancelled or expired. */
const FAILED: readonly TransactionStatus[] = ['declined', 'error', 'cancelled', 'expired'];

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

export function isFinalTransactionStatus(status: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[status].length === 0 || status === 'accepted';
}

export function isSucceededTransactionStatus(status: TransactionStatus): boolean {
  return SUCCEEDED.includes(status);
}

export function isOpenTransactionStatus(status: TransactionStatus): boolean {
  return PENDING.includes(status);
}

export function isFailedTransactionStatus(status: TransactionStatus): boolean {
  return FAILED.includes(status);
}

export function canTransitionTransaction(from: TransactionStatus, to: TransactionStatus): boolean {
  return TRANSACTION_TRANSITIONS[from].includes(to);
}

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * A refused transition. It is a conflict with the current state (a race, or a call made too late), answered
 * 409 and rolled back like every domain error.
 */
export class TransitionRefusedError extends DomainError {
  readonly entity: 'order' | 'transaction';
  readonly from: string;
  readonly to: string;
  constructor(entity: 'order' | 'transaction', from: string, to: string) {
    const code = orderErrors.code.invalid_transition;
    super(ORDER_ERRORS[code], code, `${entity} cannot move from '${from}' to '${to}'`);
    this.entity = entity;
    this.from = from;
    this.to = to;
  }
}

export function assertTransactionTransition(from: TransactionStatus, to: TransactionStatus): void {
  if (!canTransitionTransaction(from, to)) throw new TransitionRefusedError('transaction', from, to);
}

export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransitionOrder(from, to)) throw new TransitionRefusedError('order', from, to);
}

/**
 * An order's status once its deadline has passed and its open transactions have expired (`statuses` as they are
 * after that). Nothing paid: `expired`. A payment kept beside attempts that were still open (`see-transactions`)
 * stays a payment, and the order is derived again from what remains: one payment `completed`, two still
 * `see-transactions`.
 */
export function orderStatusAtDeadline(
  checkout: 'hosted' | 'own',
  statuses: readonly TransactionStatus[],
): OrderStatus {
  return statuses.some(isSucceededTransactionStatus) ? deriveOrderStatus(checkout, statuses) : 'expired';
}

/**
 * Derives the order status from its transactions' statuses, oldest first.
 *
 * - own checkout (one transaction): the order mirrors it (spec 3.1 rule 2);
 * - hosted page: a failed attempt leaves the order open (`processing`) so the customer can try again
 *   until the order expires or is cancelled; one success completes it; two successes, or a success
 *   beside an attempt still running, need the merchant's eye (`see-transactions`).
 */
export function deriveOrderStatus(
  checkout: 'hosted' | 'own',
  transactionStatuses: readonly TransactionStatus[],
): OrderStatus {
  if (transactionStatuses.length === 0) return 'new';
  const succeeded = transactionStatuses.filter((s) => SUCCEEDED.includes(s)).length;
  const pending = transactionStatuses.filter((s) => PENDING.includes(s));
  if (succeeded > 1 || (succeeded === 1 && pending.length > 0)) return 'see-transactions';
  if (succeeded === 1) return 'completed';
  if (pending.length > 0) {
    const onlyUntouched = pending.every((s) => s === 'new') && pending.length === transactionStatuses.length;
    return onlyUntouched ? 'new' : 'processing';
  }
  // Every transaction failed.
  if (checkout === 'hosted') return 'processing';
  const last = transactionStatuses[transactionStatuses.length - 1];
  if (last === 'cancelled') return 'cancelled';
  if (last === 'expired') return 'expired';
  return 'error';
}
