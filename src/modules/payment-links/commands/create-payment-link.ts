import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import type { OrderDeps } from '../../orders/index.ts';
import { refuseWhatTheProjectCannotUse } from '../../orders/index.ts';
import { PaymentLink } from '../payment-link.entity.ts';
import type { PaymentLinkView } from '../payment-link.repository.ts';
import { PaymentLinkRepository } from '../payment-link.repository.ts';
import { paymentLinkInputSchema } from '../payment-link-input.ts';

/**
 * `POST /v1/payment-links/` and `createPaymentLink`: the order fields are checked exactly as order creation
 * checks them (the same field schemas, the same "active in this project" rule for `payment_methods`), so an
 * order the link creates later is one the merchant could have created. One INSERT; nothing read back.
 */
export async function createPaymentLink<D extends Deps>(
  deps: OrderDeps<D>,
  actor: Actor,
  input: unknown,
): Promise<PaymentLinkView> {
  const data = parseOrThrow(paymentLinkInputSchema(deps.paymentMethods.orderInput), input);
  const at = deps.now();
  if (data.expires && data.expires.getTime() <= at.getTime()) {
    throw invalid('expires', 'must be in the future', 'invalid_request', 'too_small');
  }
  refuseWhatTheProjectCannotUse(deps, actor, { payment_methods: data.payment_methods });
  const link = PaymentLink.create(
    actor.projectId,
    {
      amount: data.amount,
      currency: data.currency,
      description: data.description,
      merchantOrderId: data.merchant_order_id,
      expiresAt: data.expires,
      singleUse: data.single_use,
      returnUrl: data.return_url,
      failureUrl: data.failure_url,
      paymentMethods: data.payment_methods,
    },
    at,
  );
  await deps.db.autocommit((uow) => new PaymentLinkRepository(uow).insert(link));
  return { link, orderIds: [], paid: false };
}
