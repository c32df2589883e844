import { createProject } from '../../src/modules/identity/commands/create-project.ts';
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
  const created = await createProject(app.runtime.deps, {
    name: overrides.name ?? 'Test shop',
    mode: overrides.mode ?? 'test',
    webhookUrl: overrides.webhookUrl,
  });
  return { projectId: created.projectId, merchantId: created.merchantId, apiKey: created.apiKey };
}
