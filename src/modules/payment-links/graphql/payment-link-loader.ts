import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../../platform/graphql/context.ts';
import { getPaymentLinks } from '../commands/get-payment-links.ts';
import type { PaymentLinkView } from '../payment-link.repository.ts';

/**
 * The request's loader of the caller's links: every `paymentLink(id:)`, `Order.paymentLink` and node of one
 * operation in one statement. Unknown ids and other projects' links load as null.
 */
export function paymentLinkLoader(context: GraphQLContext): DataLoader<string, PaymentLinkView | null> {
  const existing = context.loaders.get('payment-links.views');
  if (existing) return existing as DataLoader<string, PaymentLinkView | null>;
  const loader = new DataLoader<string, PaymentLinkView | null>((ids) =>
    getPaymentLinks(context.deps, context.actor, ids),
  );
  context.loaders.set('payment-links.views', loader);
  return loader;
}
