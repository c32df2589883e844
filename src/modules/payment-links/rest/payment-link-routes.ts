import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { sendCreated } from '../../../platform/http/created.ts';
import { createPaymentLink } from '../commands/create-payment-link.ts';
import { deactivatePaymentLink } from '../commands/deactivate-payment-link.ts';
import { getPaymentLink } from '../commands/get-payment-links.ts';
import { paymentLinkResourceUrl, presentPaymentLink } from '../payment-link-json.ts';

type LinkRoute = { Params: { linkId: string } };

/** Payment links over REST (issue 16 point 2). Retries are safe with an `Idempotency-Key`. */
export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  app.post('/v1/payment-links/', async (request, reply) => {
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

  app.get<LinkRoute>('/v1/payment-links/:linkId/', async (request) => {
    const actor = await requireActor(request);
    const { deps } = request;
    const view = await getPaymentLink(deps, actor, request.params.linkId);
    return presentPaymentLink(view, deps.config.baseUrl, deps.now());
  });

  app.post<LinkRoute>('/v1/payment-links/:linkId/deactivate/', async (request) => {
    const actor = await requireActor(request);
    const { deps } = request;
    const view = await deactivatePaymentLink(deps, actor, request.params.linkId);
    return presentPaymentLink(view, deps.config.baseUrl, deps.now());
  });
}
