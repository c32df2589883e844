import { createProject } from '../../src/modules/projects/commands/create-project.ts';
import { Db } from '../../src/platform/db/orm.ts';
import type { TestApp } from '../helpers/test-app.ts';

export interface SeededProject {
  projectId: string;
  merchantId: string;
  apiKey: string;
}

/** A project with an API key, created through the same command as the CLI. */
export async function seedProject(
  app: TestApp,
  overrides: { name?: string; mode?: 'test' | 'live'; webhookUrl?: string } = {},
): Promise<SeededProject> {
  const created = await createProject(
    Db.fork(app.runtime.services.orm),
    {
      name: overrides.name ?? 'Test shop',
      mode: overrides.mode ?? 'test',
      webhookUrl: overrides.webhookUrl,
    },
    { allowPrivateTargets: app.runtime.services.config.webhooks.allowPrivateTargets },
  );
  return { projectId: created.projectId, merchantId: created.merchantId, apiKey: created.apiKey };
}
