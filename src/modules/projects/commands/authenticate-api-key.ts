import type { Actor } from '../../../platform/auth/actor.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import type { ProjectDeps } from '../deps.ts';
import { ProjectRepository } from '../project.repository.ts';

const refused = () =>
  new DomainError('unauthorized', 'unauthorized', 'A valid API key is required as the Basic auth user name');

/** Resolves an API key to its project; unknown, malformed and revoked keys are refused alike. */
export async function authenticateApiKey(deps: Pick<ProjectDeps, 'db'>, apiKey: string): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw refused();
  return deps.db.read(async (uow) => {
    const caller = await new ProjectRepository(uow).findCallerByKeyHash(hashApiKey(apiKey));
    if (!caller) throw refused();
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
