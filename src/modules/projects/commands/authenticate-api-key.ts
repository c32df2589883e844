import type { Actor } from '../../../platform/auth/actor.ts';
import type { Db } from '../../../platform/db/orm.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import { ProjectRepository } from '../project.repository.ts';

const refused = () =>
  new DomainError('unauthorized', 'unauthorized', 'A valid API key is required as the Basic auth user name');

/** Resolves an API key to its project; unknown, malformed and revoked keys are refused alike. */
export async function authenticateApiKey(db: Db, apiKey: string): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw refused();
  return db.read(async (em) => {
    const caller = await new ProjectRepository(em).findCallerByKeyHash(hashApiKey(apiKey));
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
