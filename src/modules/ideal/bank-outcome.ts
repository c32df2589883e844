import type { TransactionStatus } from '../orders/index.ts';

/**
 * What the customer chooses on the simulated bank's page, and what each does to the transaction: approve pays
 * (`completed`, the money moved), cancel gives up (`cancelled`), fail is the bank's refusal (`error`). Leaving the
 * page without choosing leaves the transaction open until the order expires. Pure: the command applies it
 * through the state machine.
 */
export const BANK_OUTCOMES = ['approve', 'cancel', 'fail'] as const;
export type BankOutcome = (typeof BANK_OUTCOMES)[number];

export function isBankOutcome(value: unknown): value is BankOutcome {
  return typeof value === 'string' && (BANK_OUTCOMES as readonly string[]).includes(value);
}

export interface BankResult {
  status: TransactionStatus;
  /** The transaction's `reason`. */
  reason: string;
  succeeded: boolean;
}

export function bankResultOf(outcome: BankOutcome): BankResult {
  switch (outcome) {
    case 'approve':
      return { status: 'completed', reason: 'none', succeeded: true };
    case 'cancel':
      return { status: 'cancelled', reason: 'cancelled_by_customer', succeeded: false };
    case 'fail':
      return { status: 'error', reason: 'processor_error', succeeded: false };
  }
}

/** The simulated account that paid, recorded on an approved transaction as the real service records the payer's. */
export const SIMULATED_CONSUMER = Object.freeze({
  consumer_name: 'T. Tester',
  consumer_iban: 'NL44RABO0123456789',
});
