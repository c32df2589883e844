import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createProject } from './modules/projects/commands/create-project.ts';
import { getProject } from './modules/projects/commands/get-project.ts';
import type { ProjectDeps } from './modules/projects/deps.ts';
import { configOrExit, startRuntime, stopOnSignals } from './runtime.ts';

/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, a test project on first start, then
 * HTTP. SIGINT/SIGTERM drain HTTP and stop the database before exiting.
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await startRuntime(config);
  stopOnSignals(runtime.services.logger, 'server', runtime.stop);

  const devKey = await ensureDevProject(config.dataDir, runtime.deps);
  await runtime.app.listen({ host: config.host, port: config.port });

  const lines = [
    '',
    'Payments gateway is running',
    `  REST base URL     ${config.baseUrl}/v1/`,
    `  GraphQL           ${config.baseUrl}/graphql  (subscriptions: ws on the same path)`,
    `  Card vault        ${config.tokenVaultUrl}/v1/cards/`,
    `  Wallet B tokens   ${config.walletBTokenUrl}/tokens/`,
    `  Database          ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.resolve(config.dataDir)}`}`,
  ];
  if (devKey) {
    lines.push(
      `  Test project      ${devKey.projectId}`,
      `  Test API key      ${devKey.apiKey}`,
      '',
      `  Try: curl -u ${devKey.apiKey}: -H 'Content-Type: application/json' \\`,
      `         -d '{"amount": 995, "currency": "EUR", "description": "Test order"}' ${config.baseUrl}/v1/orders/`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

/**
 * On the first start outside production, creates a test project and keeps its key in the data directory,
 * so every later start can print it again (the database only holds the key's hash).
 */
async function ensureDevProject(
  dataDir: string,
  deps: ProjectDeps,
): Promise<{ projectId: string; apiKey: string } | null> {
  if (deps.config.env === 'production') return null;
  const file = path.resolve(dataDir, 'dev-project.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { projectId: string; apiKey: string };
    if (await getProject(deps, saved.projectId)) return saved;
  } catch {
    // No saved project yet (or the database was reset): create one below.
  }
  const created = await createProject(deps, { name: 'Test shop', mode: 'test' });
  const saved = { projectId: created.projectId, apiKey: created.apiKey };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  return saved;
}

await main();
