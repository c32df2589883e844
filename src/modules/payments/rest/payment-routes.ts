import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { sendNoSuchRoute } from '../../../platform/http/no-such-route.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { orderResourceUrl, presentOrder } from '../../orders/index.ts';
import { authenticateTransaction } from '../commands/authenticate-transaction.ts';
import { captureTransaction } from '../commands/capture-transaction.ts';
import { playAuthorizationOutcome } from '../commands/play-authorization-outcome.ts';
import { voidTransaction } from '../commands/void-transaction.ts';
import type { FollowUpResult } from '../pre-authorization.ts';
import {
  authenticateTransactionContract,
  captureTransactionContract,
  playAuthorizationOutcomeContract,
  voidTransactionContract,
} from './payment-contracts.ts';

/** Spec 4.13 (authenticate), pre-authorization captures, and 4.5 (voids). */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  route(app, authenticateTransactionContract, async (request) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const view = await authenticateTransaction(request.deps, actor, orderId, transactionId, request.body);
    return presentOrder(view, request.deps.config.baseUrl, actor.merchantName);
  });

  route(app, captureTransactionContract, async (request, reply) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const result = await captureTransaction(request.deps, actor, orderId, transactionId, request.body);
    return sendFollowUp(reply, result, request.deps.config.baseUrl, actor.merchantName);
  });

  // Spec 4.5: no body. An empty JSON object is tolerated; anything else in it is ignored.
  route(app, voidTransactionContract, async (request, reply) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const result = await voidTransaction(request.deps, actor, orderId, transactionId);
    return sendFollowUp(reply, result, request.deps.config.baseUrl, actor.merchantName);
  });

  // Test projects only: for a live key this route does not exist (the same 404, before the body is read).
  route(app, playAuthorizationOutcomeContract, async (request, reply) => {
    const actor = await requireActor(request);
    if (actor.mode !== 'test') return sendNoSuchRoute(request, reply);
    const { orderId, transactionId } = request.params;
    const view = await playAuthorizationOutcome(request.deps, actor, orderId, transactionId, request.body);
    return presentOrder(view, request.deps.config.baseUrl, actor.merchantName);
  });
}

/** A capture or void order is an order of its own, readable at its own address. */
function sendFollowUp(
  reply: FastifyReply,
  result: FollowUpResult,
  baseUrl: string,
  merchantName: string,
): FastifyReply {
  return sendCreated(
    reply,
    orderResourceUrl(baseUrl, result.created.order.id),
    presentOrder(result.created, baseUrl, merchantName),
  );
}
