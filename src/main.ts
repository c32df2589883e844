import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePortalBuilt, portalBase } from '../portal/build.ts';
import { createUser } from './modules/identity/commands/create-user.ts';
import { findUserByEmail } from './modules/identity/commands/find-user.ts';
import { createProject } from './modules/projects/commands/create-project.ts';
import { getProject } from './modules/projects/commands/get-project.ts';
import { configOrExit, startRuntime, stopOnSignals } from './runtime.ts';
import type { AppDeps } from './services.ts';

/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, a test project on first start, then
 * HTTP. SIGINT/SIGTERM drain HTTP and stop the database before exiting.
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const runtime = await startRuntime(config);
  stopOnSignals(runtime.services.logger, 'server', runtime.stop);

  const devKey = await ensureDevProject(config.dataDir, runtime.deps);
  // The portal is built here when its files are missing or older than its sources (a few seconds; else instant).
  const portal = await ensurePortalBuilt(portalBase(config.merchantPortalUrl));
  if (portal.built)
    runtime.services.logger.info({ ms: Math.round(portal.milliseconds) }, 'merchant portal built');
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
      `  Merchant portal   ${config.merchantPortalUrl}/`,
      `  Portal login      ${devKey.userEmail}  password ${devKey.userPassword}`,
      `  Test project      ${devKey.projectId}`,
      `  Test API key      ${devKey.apiKey}`,
      '',
      `  Try: curl -u ${devKey.apiKey}: -H 'Content-Type: application/json' \\`,
      `         -d '{"amount": 995, "currency": "EUR", "description": "Test order"}' ${config.baseUrl}/v1/orders/`,
      '',
      '  The recipes in docs/ read these shell variables:',
      `  export BASE_URL=${config.baseUrl} API_KEY=${devKey.apiKey} \\`,
      `         PORTAL_EMAIL=${devKey.userEmail} PORTAL_PASSWORD=${devKey.userPassword}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

interface DevProject {
  projectId: string;
  apiKey: string;
  userEmail: string;
  userPassword: string;
}

const DEV_USER_EMAIL = 'admin@test-shop.example';

/**
 * On the first start outside production, creates a test project with an admin user and keeps the key and the
 * password in the data directory, so every later start can print them again (the database holds only hashes).
 */
async function ensureDevProject(dataDir: string, deps: AppDeps): Promise<DevProject | null> {
  if (deps.config.env === 'production') return null;
  const file = path.resolve(dataDir, 'dev-project.json');
  let saved: Partial<DevProject> | null = null;
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as Partial<DevProject>;
    if (!saved.projectId || !(await getProject(deps, saved.projectId))) saved = null;
  } catch {
    // No saved project yet (or the database was reset): create one below.
  }
  if (!saved?.projectId || !saved.apiKey) {
    const created = await createProject(deps, { name: 'Test shop', mode: 'test' });
    saved = { projectId: created.projectId, apiKey: created.apiKey };
  }
  // A data directory from before merchant users existed gets its user now.
  if (!saved.userPassword || !(await findUserByEmail(deps, saved.userEmail ?? DEV_USER_EMAIL))) {
    // Another process's data directory may have made the shared address already (one account per address).
    const email = (await findUserByEmail(deps, DEV_USER_EMAIL))
      ? `admin-${saved.projectId!.slice(0, 8)}@test-shop.example`
      : DEV_USER_EMAIL;
    const user = await createUser(deps, saved.projectId!, { email, role: 'admin' });
    saved = { ...saved, userEmail: user.user.email, userPassword: user.password };
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  return saved as DevProject;
}

await main();
