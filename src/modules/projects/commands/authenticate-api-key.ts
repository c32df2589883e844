import type { Actor } from '../../../platform/auth/actor.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import type { ProjectDeps } from '../deps.ts';
import { apiKeyRefused } from '../errors.ts';
import { ProjectRepository } from '../project.repository.ts';

/** Resolves an API key to its project; unknown, malformed and revoked keys are refused alike. */
export async function authenticateApiKey(deps: Pick<ProjectDeps, 'db'>, apiKey: string): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw apiKeyRefused();
  return deps.db.read(async (uow) => {
    const caller = await new ProjectRepository(uow).findCallerByKeyHash(hashApiKey(apiKey));
    if (!caller) throw apiKeyRefused();
    return {
      projectId: caller.project_id,
      merchantId: caller.merchant_id,
      merchantName: caller.merchant_name,
      mode: caller.mode,
      paymentMethods: caller.payment_methods,
      principal: { kind: 'api_key', keyId: caller.key_id },
    };
  });
}
