import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { orderResourceUrl, presentOrder } from '../../orders/index.ts';
import { createRefund } from '../commands/create-refund.ts';
import { listRefunds } from '../commands/list-refunds.ts';
import { createRefundContract, listRefundsContract } from './refund-contracts.ts';
import { presentRefundListItem } from './refund-json.ts';

/** Spec 4.3 and 4.4. Retries are safe with an `Idempotency-Key` (platform/http/idempotency.ts). */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  route(app, createRefundContract, async (request, reply) => {
    const actor = await requireActor(request);
    const { refund } = await createRefund(request.deps, actor, request.params.orderId, request.body ?? {});
    const { baseUrl } = request.deps.config;
    return sendCreated(
      reply,
      orderResourceUrl(baseUrl, refund.order.id),
      presentOrder(refund, baseUrl, actor.merchantName),
    );
  });

  route(app, listRefundsContract, async (request) => {
    const actor = await requireActor(request);
    const refunds = await listRefunds(request.deps, actor, request.params.orderId);
    return refunds.map(({ order }) => presentRefundListItem(order));
  });
}
