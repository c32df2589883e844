import { type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';

/**
 * The back office's refusals (refund-rules.ts, the disputes): every code with its kind, all 422. Its errors and
 * the REST contracts' error lists (rest/refund-contracts.ts, rest/dispute-contracts.ts) are built from here.
 */
export const BACK_OFFICE_ERRORS = {
  refund_exceeds_remaining: 'unprocessable',
  chargeback_exceeds_remaining: 'unprocessable',
  reversal_exceeds_chargeback: 'unprocessable',
  order_not_paid: 'unprocessable',
  order_not_refundable: 'unprocessable',
  order_not_captured: 'unprocessable',
  order_voided: 'unprocessable',
  transaction_required: 'unprocessable',
  transaction_not_paid: 'unprocessable',
  not_a_payment: 'unprocessable',
  not_a_chargeback: 'unprocessable',
  currency_mismatch: 'unprocessable',
} as const satisfies ErrorTable;

export type BackOfficeErrorCode = keyof typeof BACK_OFFICE_ERRORS;

const backOffice = errorsOf(BACK_OFFICE_ERRORS);

/** A refund (or dispute) the rules refuse: 422 with its code, e.g. `refund_exceeds_remaining`. */
export const refundRefused = backOffice.error;

/** The codes by name, where a refusal is made: `refundRefused(refusal.order_voided, …)`. */
export const refusal = backOffice.code;

/** A REST contract's entry for one of these codes (its status from the table). */
export const backOfficeErrorEntry = backOffice.entry;

/** The same by name, as the contracts write it: `backOfficeErrorEntries.order_voided(when)`. */
export const backOfficeErrorEntries = backOffice.entries;
