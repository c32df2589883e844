import { type FeeConfig, type FeeRule, feeRulesFor } from '../../config/fees.ts';
import type { Order, OrderKind } from './order.entity.ts';
import type { TransactionStatus } from './state-machine.ts';

/**
 * What a transaction settles, and the fee on it, decided once: when its money actually moves (issue 16). Pure;
 * status-changes.ts applies it to the transaction entering the status, so every flow records it the same way.
 *
 * | transaction of a … order        | settles when it enters | settlement | fee                       |
 * |---------------------------------|------------------------|------------|---------------------------|
 * | payment, `capture_mode` automatic (a sale) | `accepted` / `completed` | +amount | fixed + percentage |
 * | payment, `capture_mode` manual (an authorization) | never   | —          | —                         |
 * | capture                         | `completed`            | +amount    | fixed + percentage        |
 * | void                            | never                  | —          | —                         |
 * | refund                          | `accepted` / `completed` | −amount  | fixed + percentage        |
 * | chargeback                      | `completed`            | −amount    | fixed + percentage        |
 * | reversal                        | `completed`            | +amount    | 0                         |
 *
 * The fee is never negative: what the gateway charges for moving the money, in either direction (a reversal
 * gives back a chargeback and costs nothing). Rounding: the percentage part is rounded half up to a whole minor
 * unit (`(|amount| × basis points + 5000) div 10000`), then the fixed part is added.
 */

export interface Settlement {
  /** Signed minor units: positive to the merchant, negative from the merchant. */
  amount: number;
  fee: number;
}

const SETTLING: Readonly<Record<OrderKind, readonly TransactionStatus[]>> = {
  payment: ['accepted', 'completed'],
  capture: ['completed'],
  void: [],
  refund: ['accepted', 'completed'],
  chargeback: ['completed'],
  reversal: ['completed'],
};

export interface SettlingTransaction {
  amount: number;
  paymentMethod: string;
  paymentMethodBrand?: string | null;
  captureMode: string;
}

/** The settlement of a transaction of an order of `kind` entering `to`, or null when no money moves. */
export function settlementOf(
  kind: OrderKind,
  transaction: SettlingTransaction,
  to: TransactionStatus,
  rules: readonly FeeRule[],
): Settlement | null {
  if (!SETTLING[kind].includes(to)) return null;
  if (kind === 'payment' && transaction.captureMode === 'manual') return null;
  const outgoing = kind === 'refund' || kind === 'chargeback';
  const amount = outgoing ? -transaction.amount : transaction.amount;
  return { amount, fee: kind === 'reversal' ? 0 : feeOf(rules, transaction) };
}

/** Refund methods are named after the method they refund: `credit-card-refund`, `ideal-refund`. */
const REFUND_SUFFIX = '-refund';

/** The rule for the method and brand (a rule naming the brand wins over one for any brand); none costs 0. */
export function feeOf(
  rules: readonly FeeRule[],
  transaction: Omit<SettlingTransaction, 'captureMode'>,
): number {
  // A refund goes back the way it was paid (`credit-card-refund` on the card, `ideal-refund` to the account that
  // paid by iDEAL): it pays by that method's rules.
  const method = transaction.paymentMethod.endsWith(REFUND_SUFFIX)
    ? transaction.paymentMethod.slice(0, -REFUND_SUFFIX.length)
    : transaction.paymentMethod;
  const brand = transaction.paymentMethodBrand ?? null;
  const rule =
    rules.find((r) => r.paymentMethod === method && r.brand !== null && r.brand === brand) ??
    rules.find((r) => r.paymentMethod === method && r.brand === null);
  if (!rule) return 0;
  const percentage = (BigInt(Math.abs(transaction.amount)) * BigInt(rule.basisPoints) + 5000n) / 10000n;
  return rule.fixed + Number(percentage);
}

/** The fee rules of the project an order belongs to (test projects pay nothing unless listed). */
export function feeRulesOfOrder(fees: FeeConfig, order: Pick<Order, 'projectId' | 'flags'>): FeeRule[] {
  return feeRulesFor(fees, { projectId: order.projectId, isTest: order.flags.includes('is-test') });
}
