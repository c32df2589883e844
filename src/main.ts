import cluster from 'node:cluster';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { ensurePortalBuilt, portalBase } from '../portal/build.ts';
import type { AppConfig } from './config/index.ts';
import { createProject } from './modules/identity/commands/create-project.ts';
import { createUser } from './modules/identity/commands/create-user.ts';
import { findUserByEmail } from './modules/identity/commands/find-user.ts';
import { getProject } from './modules/projects/commands/get-project.ts';
import { MigrationsBehindError } from './platform/db/migrations.ts';
import { serveMetrics } from './platform/metrics/metrics-endpoint.ts';
import { configOrExit, startRuntime, stopOnSignals } from './runtime.ts';
import type { AppDeps } from './services.ts';
import { type DevProject, registerWithSupervisor, superviseServers } from './supervisor.ts';

/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, a test project on first start, then
 * HTTP. SIGINT/SIGTERM drain HTTP and stop the database before exiting. With WEB_CONCURRENCY above 1 this
 * process becomes the supervisor (supervisor.ts) of that many server processes sharing the port.
 */
async function main(): Promise<void> {
  const config = configOrExit();
  if (cluster.isPrimary && config.operations.webConcurrency > 1) {
    await superviseServers(config, { banner, exitOnStartFailure });
    return;
  }
  const runtime = await startRuntime(config).catch(exitOnStartFailure);
  const name = cluster.isWorker ? `server process ${cluster.worker!.id}` : 'server';
  let metricsServer: Server | null = null;
  stopOnSignals(runtime.services.logger, name, async () => {
    metricsServer?.close();
    await runtime.stop();
  });

  // Under a supervisor, only the first server process prepares the dev project and the portal.
  const prepares = cluster.isPrimary || process.env.GATEWAY_PREPARE === '1';
  const devKey = prepares ? await ensureDevProject(config.dataDir, runtime.deps) : null;
  // The portal is built here when its files are missing or older than its sources (a few seconds; else instant).
  const portal = prepares ? await ensurePortalBuilt(portalBase(config.merchantPortalUrl)) : null;
  if (portal?.built)
    runtime.services.logger.info({ ms: Math.round(portal.milliseconds) }, 'merchant portal built');
  try {
    await runtime.app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    process.stderr.write(`${portInUse(config)}\n`);
    await runtime.stop();
    process.exit(1);
  }
  if (cluster.isWorker) {
    // The supervisor prints the banner once every server process listens; it serves METRICS_PORT itself.
    registerWithSupervisor(runtime.app.metrics.registry);
    process.send?.({ type: 'gateway:listening', devKey });
    return;
  }
  const metricsPort = config.operations.metricsPort;
  if (metricsPort) {
    const registry = runtime.app.metrics.registry;
    metricsServer = await serveMetrics({
      host: config.host,
      port: metricsPort,
      metrics: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
    });
  }
  process.stdout.write(banner(config, devKey));
}

function portInUse(config: AppConfig): string {
  return `PORT ${config.port} is already in use on ${config.host}: stop what uses it or set PORT to a free port`;
}

/** What `npm start` prints once it serves: the URLs, and in development the test project's key and login. */
function banner(config: AppConfig, devKey: DevProject | null, processes = 1): string {
  const lines = [
    '',
    'Payments gateway is running',
    `  REST base URL     ${config.baseUrl}/v1/`,
    `  GraphQL           ${config.baseUrl}/graphql  (subscriptions: ws on the same path)`,
    `  Card vault        ${config.tokenVaultUrl}/v1/cards/`,
    `  Wallet B tokens   ${config.walletBTokenUrl}/tokens/`,
    `  Database          ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${path.resolve(config.dataDir)}`}`,
  ];
  if (processes > 1) lines.push(`  Server processes  ${processes} (WEB_CONCURRENCY), one port`);
  if (config.operations.metricsPort) {
    lines.push(`  Metrics           http://${config.host}:${config.operations.metricsPort}/metrics`);
  }
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
  return `${lines.join('\n')}\n\n`;
}

/** A start that cannot go on for a reason an operator can fix is one line on standard error and exit code 1. */
function exitOnStartFailure(error: unknown): never {
  if (error instanceof MigrationsBehindError) {
    process.stderr.write(`Not starting: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
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
    // Several processes starting at once on one new database race for the shared address: the loser takes its own.
    const user = await createUser(deps, saved.projectId!, { email, role: 'admin' }).catch(async (error) => {
      if (email !== DEV_USER_EMAIL || !(await findUserByEmail(deps, DEV_USER_EMAIL))) throw error;
      const own = `admin-${saved!.projectId!.slice(0, 8)}@test-shop.example`;
      return createUser(deps, saved!.projectId!, { email: own, role: 'admin' });
    });
    saved = { ...saved, userEmail: user.user.email, userPassword: user.password };
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  return saved as DevProject;
}

await main();
