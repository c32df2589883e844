import { DomainError } from '../../platform/errors/domain-error.ts';

/** A refund the rules refuse (refund-rules.ts): 422 with a stable code, e.g. `amount_exceeds_remaining`. */
export const refundRefused = (code: string, message: string, field: string | null = null) =>
  new DomainError('unprocessable', code, message, field);
