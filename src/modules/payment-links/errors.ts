import { notFound } from '../../platform/errors/domain-error.ts';
import { type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';

/** The payment links' own codes with their kinds; the rest of their refusals are common ones. */
export const PAYMENT_LINK_ERRORS = {
  payment_link_busy: 'conflict',
} as const satisfies ErrorTable;

const { error } = errorsOf(PAYMENT_LINK_ERRORS);

/** A link that does not exist in the caller's project (another project's link answers exactly the same). */
export const paymentLinkNotFound = () => notFound('Payment link', 'payment_link_id');

/** Opening the link lost every round to concurrent openings that settled its orders. */
export const paymentLinkBusy = () =>
  error('payment_link_busy', 'The payment link could not be opened; try again');
