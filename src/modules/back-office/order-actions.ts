import { DomainError } from '../../platform/errors/domain-error.ts';
import type { Transaction } from '../orders/index.ts';
import { merchantCancelRefusal } from '../orders/index.ts';
import { capturableAmount, refusePreAuthorizationFollowUp } from '../payments/index.ts';
import {
  assessRefund,
  capturedAmountOf,
  chargeablePaymentOf,
  chargedBackAmount,
  paidTransactionsOf,
  type RefundFacts,
} from './refund-rules.ts';

/**
 * What can be done to an order and its transactions right now, and its amounts, decided by the rules the
 * commands themselves follow (one owner): refund-rules.ts for refunds and chargebacks, payments/capture-rules.ts
 * for captures and voids, orders/cancel-rules.ts for the merchant's cancel. An action is listed exactly
 * when its command, asked now, would not refuse it (test/back-office/available-actions.test.ts checks that for
 * every state the tests reach). Pure: the caller loads the facts (order-facts.repository.ts).
 */

export type OrderAction = 'refund' | 'capture' | 'void' | 'cancel' | 'chargeback';

export const ORDER_ACTIONS: readonly OrderAction[] = ['refund', 'capture', 'void', 'cancel', 'chargeback'];

/** Everything the rules judge an order by: the refund facts, plus card authorizations and the time. */
export interface OrderActionFacts extends Omit<RefundFacts, 'paymentId'> {
  /** The card authorizations of the order's transactions, by transaction id. */
  authorizations: ReadonlyMap<string, { capturableUntil?: Date | null }>;
  at: Date;
  /** Whether an acquirer serves the order (refunds, captures and voids are refused without one). */
  hasAcquirer: boolean;
}

export interface OrderAmounts {
  authorizedAmount: number;
  capturedAmount: number;
  refundableAmount: number;
  pendingRefundAmount: number;
  voidedAmount: number;
  chargedBackAmount: number;
}

/** What a refund naming `payment` may still give back (0 when refund-rules.ts refuses it). */
export function refundableAmountOf(facts: OrderActionFacts, payment: Transaction): number {
  try {
    return assessRefund({ ...facts, paymentId: payment.id }).remaining;
  } catch (error) {
    if (error instanceof DomainError) return 0;
    throw error;
  }
}

/** What a capture of `transaction` may still take; null when it cannot be captured or voided at all. */
export function capturableAmountOf(facts: OrderActionFacts, transaction: Transaction): number | null {
  try {
    refusePreAuthorizationFollowUp({
      orderFlags: facts.order.flags,
      transaction,
      authorization: facts.authorizations.get(transaction.id) ?? null,
      at: facts.at,
    });
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  const captures = facts.relatedOrders.filter((related) => related.kind === 'capture');
  return capturableAmount({ authorized: transaction.amount, currency: transaction.currency, captures });
}

/** The actions on one transaction of the order. */
export function transactionActions(facts: OrderActionFacts, transaction: Transaction): OrderAction[] {
  const actions: OrderAction[] = [];
  const isPaid = paidTransactionsOf(facts.transactions).some((paid) => paid.id === transaction.id);
  const refundable = isPaid ? refundableAmountOf(facts, transaction) : 0;
  if (refundable >= 1 && facts.hasAcquirer) actions.push('refund');
  const capturable = capturableAmountOf(facts, transaction);
  if (capturable !== null && facts.hasAcquirer) {
    if (capturable >= 1) actions.push('capture');
    actions.push('void');
  }
  const isTest = facts.order.flags.includes('is-test');
  if (isTest && refundable >= 1 && chargeablePaymentOf(facts.transactions)?.id === transaction.id) {
    actions.push('chargeback');
  }
  return actions;
}

/** The actions on the order: those of any of its transactions, and the merchant's cancel. */
export function orderActions(facts: OrderActionFacts): OrderAction[] {
  const found = new Set(facts.transactions.flatMap((transaction) => transactionActions(facts, transaction)));
  if (merchantCancelRefusal(facts.order, facts.transactions) === null) found.add('cancel');
  return ORDER_ACTIONS.filter((action) => found.has(action));
}

/** Refunds whose acquirer answer is not known yet: sent (or about to be), not accepted, not failed. */
const PENDING_REFUND = new Set(['new', 'processing']);

export function orderAmounts(facts: OrderActionFacts): OrderAmounts {
  const paid = paidTransactionsOf(facts.transactions);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const ordersOf = (kind: string, statuses: (status: string) => boolean) =>
    sum(facts.relatedOrders.filter((o) => o.kind === kind && statuses(o.status)).map((o) => o.amount));
  return {
    authorizedAmount: sum(paid.map((payment) => payment.amount)),
    capturedAmount: sum(paid.map((payment) => capturedAmountOf(payment, facts.captures))),
    refundableAmount: sum(paid.map((payment) => refundableAmountOf(facts, payment))),
    pendingRefundAmount: ordersOf('refund', (status) => PENDING_REFUND.has(status)),
    voidedAmount: ordersOf('void', (status) => status === 'completed'),
    chargedBackAmount: chargedBackAmount(facts),
  };
}
