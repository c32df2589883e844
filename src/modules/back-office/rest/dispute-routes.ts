import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { sendNoSuchRoute } from '../../../platform/http/no-such-route.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { orderResourceUrl, presentOrder } from '../../orders/index.ts';
import type { DisputeResult } from '../commands/receive-acquirer-notification.ts';
import { simulateChargeback, simulateReversal } from '../commands/simulate-dispute.ts';
import { simulateChargebackContract, simulateReversalContract } from './dispute-contracts.ts';

/**
 * Test projects' simulation of the acquirer's dispute notices (issue 16). For a live key these routes do not
 * exist: it gets the same 404 as any unknown route, before its body is looked at.
 */
export async function disputeRoutes(app: FastifyInstance): Promise<void> {
  route(app, simulateChargebackContract, async (request, reply) => {
    const actor = await requireActor(request);
    if (actor.mode !== 'test') return sendNoSuchRoute(request, reply);
    const result = await simulateChargeback(request.deps, actor, request.params.orderId, request.body);
    return sendDispute(request, reply, result, actor.merchantName);
  });

  route(app, simulateReversalContract, async (request, reply) => {
    const actor = await requireActor(request);
    if (actor.mode !== 'test') return sendNoSuchRoute(request, reply);
    const result = await simulateReversal(request.deps, actor, request.params.orderId, request.body);
    return sendDispute(request, reply, result, actor.merchantName);
  });
}

function sendDispute(
  request: FastifyRequest,
  reply: FastifyReply,
  result: DisputeResult,
  merchantName: string,
) {
  const { baseUrl } = request.deps.config;
  const { order } = result.created;
  return sendCreated(
    reply,
    orderResourceUrl(baseUrl, order.id),
    presentOrder(result.created, baseUrl, merchantName),
  );
}
