import type { Db } from '../../../platform/db/orm.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { hashApiKey, isWellFormedApiKey } from '../api-key.ts';
import type { ProjectMode } from '../project.entity.ts';
import { ProjectRepository } from '../project.repository.ts';

/** Who is calling: every read and write is scoped to this project. */
export interface Actor {
  projectId: string;
  merchantId: string;
  merchantName: string;
  mode: ProjectMode;
  /** Payment methods active in the project. */
  paymentMethods: string[];
}

const refused = () =>
  new DomainError('unauthorized', 'unauthorized', 'A valid API key is required as the Basic auth user name');

/** Resolves an API key to its project; unknown, malformed and revoked keys are refused alike. */
export async function authenticateApiKey(db: Db, apiKey: string): Promise<Actor> {
  if (!isWellFormedApiKey(apiKey)) throw refused();
  return db.read(async (em) => {
    const projects = new ProjectRepository(em);
    const key = await projects.findActiveKeyByHash(hashApiKey(apiKey));
    if (!key) throw refused();
    const project = await projects.findProject(key.projectId);
    if (!project) throw refused();
    const merchant = await projects.findMerchant(project.merchantId);
    return {
      projectId: project.id,
      merchantId: project.merchantId,
      merchantName: merchant?.name ?? project.name,
      mode: project.mode,
      paymentMethods: project.paymentMethods,
    };
  });
}
