import { notFound } from '../../platform/errors/domain-error.ts';

/** A link that does not exist in the caller's project (another project's link answers exactly the same). */
export const paymentLinkNotFound = () => notFound('Payment link', 'payment_link_id');
