import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { createPaymentLink } from '../commands/create-payment-link.ts';
import { deactivatePaymentLink } from '../commands/deactivate-payment-link.ts';
import { getPaymentLink } from '../commands/get-payment-links.ts';
import { paymentLinkResourceUrl, presentPaymentLink } from '../payment-link-json.ts';
import {
  createPaymentLinkContract,
  deactivatePaymentLinkContract,
  getPaymentLinkContract,
} from './payment-link-contracts.ts';

/** Payment links over REST (issue 16 point 2). Retries are safe with an `Idempotency-Key`. */
export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  route(app, createPaymentLinkContract, async (request, reply) => {
    const actor = await requireActor(request);
    const { deps } = request;
    const view = await createPaymentLink(deps, actor, request.body ?? {});
    const { baseUrl } = deps.config;
    return sendCreated(
      reply,
      paymentLinkResourceUrl(baseUrl, view.link.id),
      presentPaymentLink(view, baseUrl, deps.now()),
    );
  });

  route(app, getPaymentLinkContract, async (request) => {
    const actor = await requireActor(request);
    const { deps } = request;
    const view = await getPaymentLink(deps, actor, request.params.linkId);
    return presentPaymentLink(view, deps.config.baseUrl, deps.now());
  });

  route(app, deactivatePaymentLinkContract, async (request) => {
    const actor = await requireActor(request);
    const { deps } = request;
    const view = await deactivatePaymentLink(deps, actor, request.params.linkId);
    return presentPaymentLink(view, deps.config.baseUrl, deps.now());
  });
}
