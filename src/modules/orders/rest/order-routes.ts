import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { sendJsonText } from '../../../platform/http/json-text.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { createOrder } from '../commands/create-order.ts';
import { getRenderedOrder } from '../commands/get-rendered-order.ts';
import { listProjectCurrencies } from '../commands/list-currencies.ts';
import { updateOrder } from '../commands/update-order.ts';
import { noOrderList } from '../errors.ts';
import { orderResourceUrl, presentOrder } from '../order-json.ts';
import { listProjectCurrenciesContract } from './currency-contracts.ts';
import {
  createOrderContract,
  getOrderContract,
  noOrderListContract,
  updateOrderContract,
} from './order-contracts.ts';

/** Spec 4.1 and 4.2; beyond it, the update the shop plugins send and the currencies of the active methods. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  route(app, createOrderContract, async (request, reply) => {
    const actor = await requireActor(request);
    const view = await createOrder(request.deps, actor, request.body ?? {});
    const { baseUrl } = request.deps.config;
    return sendCreated(
      reply,
      orderResourceUrl(baseUrl, view.order.id),
      presentOrder(view, baseUrl, actor.merchantName),
    );
  });

  // There is no list of orders: a client guessing one is pointed at the search (spec 4.14).
  route(app, noOrderListContract, async () => {
    throw noOrderList();
  });

  // The body as this process last rendered it, while the order is still at that version (rendered-orders.ts).
  route(app, getOrderContract, async (request, reply) => {
    const actor = await requireActor(request);
    const { baseUrl } = request.deps.config;
    const body = await getRenderedOrder(request.deps, actor, request.params.orderId, {
      audience: actor.merchantName,
      render: (view) => JSON.stringify(presentOrder(view, baseUrl, actor.merchantName)),
    });
    return sendJsonText(reply, body);
  });

  route(app, updateOrderContract, async (request) => {
    const actor = await requireActor(request);
    const view = await updateOrder(request.deps, actor, request.params.orderId, request.body ?? {});
    return presentOrder(view, request.deps.config.baseUrl, actor.merchantName);
  });

  route(app, listProjectCurrenciesContract, async (request) => {
    const actor = await requireActor(request);
    return listProjectCurrencies(request.deps.paymentMethods, actor);
  });
}
