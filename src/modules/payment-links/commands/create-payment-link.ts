import type { Actor } from '../../../platform/auth/actor.ts';
import type { Deps } from '../../../platform/deps.ts';
import { invalid } from '../../../platform/errors/domain-error.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import type { OrderDeps } from '../../orders/index.ts';
import { refuseWhatTheProjectCannotUse } from '../../orders/index.ts';
import { PaymentLink } from '../payment-link.entity.ts';
import type { PaymentLinkView } from '../payment-link.repository.ts';
import { PaymentLinkRepository } from '../payment-link.repository.ts';
import { paymentLinkInputSchema } from '../payment-link-input.ts';

/** The recovery point of a link's create under an Idempotency-Key: the link committed, its id recorded. */
const LINK_CREATED = 'payment_link_created';

/**
 * `POST /v1/payment-links/` and `createPaymentLink`: the order fields are checked exactly as order creation
 * checks them (the same field schemas, the same "active in this project" rule for `payment_methods`), so an
 * order the link creates later is one the merchant could have created. One INSERT; nothing read back.
 *
 * Under an Idempotency-Key it is a one-phase operation (platform/operations/idempotent-operation.ts): the link's id
 * comes from the key and its INSERT records the recovery point, so a retry after an answer that was lost (the
 * process died after the commit) answers the link that was made instead of making a second one, and a request
 * that outlived its key's lease cannot commit beside the retry that took the key over.
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
  const operation = operationOf(deps);
  if (operation.recovered?.point === LINK_CREATED) {
    const linkId = String(operation.recovered.data.link_id);
    const made = await deps.db.read((uow) => new PaymentLinkRepository(uow).read(actor.projectId, linkId));
    if (made) return made;
  }
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
    operation.idFor('payment-link'),
  );
  const recoveryPoint = operation.recordPart(LINK_CREATED, { link_id: link.id });
  await deps.db.autocommit((uow) => new PaymentLinkRepository(uow).insert(link, recoveryPoint), {
    joinsInStatement: true,
  });
  await crashPoint('payment-link.after-commit');
  return { link, orderIds: [], paid: false };
}
