import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../../platform/http/authentication.ts';
import { route } from '../../../platform/http/route-contract.ts';
import { listIdealIssuers } from '../commands/list-issuers.ts';
import { listIdealIssuersContract } from './ideal-contracts.ts';

export async function idealRoutes(app: FastifyInstance): Promise<void> {
  route(app, listIdealIssuersContract, async (request) => [...listIdealIssuers(await requireActor(request))]);
}
