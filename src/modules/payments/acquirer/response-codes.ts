import type { AcquirerReason } from './acquirer.ts';

/**
 * The ISO 8583 style response codes the simulator answers with, with their descriptions and machine reasons.
 * `1A` is the code card schemes use for a soft decline asking for strong customer authentication.
 */
export interface ResponseCode {
  code: string;
  description: string;
  reason: AcquirerReason;
}

export const RESPONSE_CODES = {
  approved: { code: '00', description: 'Approved', reason: 'none' },
  doNotHonour: { code: '05', description: 'Do not honour', reason: 'do_not_honour' },
  invalidCardNumber: { code: '14', description: 'Invalid card number', reason: 'invalid_card_number' },
  insufficientFunds: { code: '51', description: 'Insufficient funds', reason: 'insufficient_funds' },
  expiredCard: { code: '54', description: 'Expired card', reason: 'expired_card' },
  systemMalfunction: { code: '96', description: 'System malfunction', reason: 'processor_error' },
  /** The acquirer took the request and answers later (an asynchronous issuer decision). */
  inProgress: { code: '09', description: 'Request in progress', reason: 'none' },
  /** The late answer to a request in progress that the issuer never decided. */
  responseTooLate: { code: '68', description: 'Response received too late', reason: 'processor_error' },
  authenticationRequired: {
    code: '1A',
    description: 'Additional customer authentication required',
    reason: 'authentication_required',
  },
} as const satisfies Record<string, ResponseCode>;
