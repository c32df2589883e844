import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { presentOrder } from '../../orders/order-json.ts';
import { authenticateTransaction } from '../commands/authenticate-transaction.ts';
import { captureTransaction } from '../commands/capture-transaction.ts';
import { voidTransaction } from '../commands/void-transaction.ts';

type Params = { Params: { orderId: string; transactionId: string } };

/** Spec 4.13 (authenticate), pre-authorization captures, and 4.5 (voids). */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  app.post<Params>('/v1/orders/:orderId/transactions/:transactionId/authenticate/', async (request) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const view = await authenticateTransaction(request.deps, actor, orderId, transactionId, request.body);
    return presentOrder(view, request.deps.config.baseUrl);
  });

  app.post<Params>('/v1/orders/:orderId/transactions/:transactionId/captures/', async (request, reply) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const result = await captureTransaction(request.deps, actor, orderId, transactionId, request.body);
    return reply.code(201).send(presentOrder(result.created, request.deps.config.baseUrl));
  });

  // Spec 4.5: no body. An empty JSON object is tolerated; anything else in it is ignored.
  app.post<Params>('/v1/orders/:orderId/transactions/:transactionId/voids/', async (request, reply) => {
    const actor = await requireActor(request);
    const { orderId, transactionId } = request.params;
    const result = await voidTransaction(request.deps, actor, orderId, transactionId);
    return reply.code(201).send(presentOrder(result.created, request.deps.config.baseUrl));
  });
}
