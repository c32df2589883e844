import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkBooks, type Findings, stuckObjects } from './chaos/checks.ts';
import { type Deployment, runScript, startDeployment } from './chaos/deployment.ts';
import { runLoad } from './chaos/load.ts';
import { parseFlags, UsageError } from './lib/args.ts';
import { formatNumber, formatTable } from './lib/table.ts';

/**
 * `npm run chaos` (issue 32; not part of `npm test`): card payments and refunds with Idempotency-Keys at a
 * steady concurrency against a split deployment (one web process, one worker, an embedded PostgreSQL of its
 * own), while the web process is SIGKILLed, the worker SIGKILLed, PostgreSQL restarted and a stuck session sits
 * on the money tables' locks past the statement limit, spread evenly over the run. Then it checks the books: no effect lost or duplicated, nothing stuck a minute after the load, the
 * refunded sums, and every status change's webhook delivered. Prints a table (docs/reference/reliability.md)
 * and exits 1 when a check fails.
 */
const FLAGS = {
  flows: { type: 'number', default: 1000, quick: 100, min: 1, help: 'card payment flows' },
  refunds: { type: 'number', default: 500, quick: 50, min: 0, help: 'refunds of paid orders' },
  concurrency: { type: 'number', default: 16, quick: 8, min: 1, help: 'clients at once' },
  'web-kills': { type: 'number', default: 5, quick: 2, help: 'SIGKILLs of the web process' },
  'worker-kills': { type: 'number', default: 3, quick: 1, help: 'SIGKILLs of the worker' },
  'database-restarts': { type: 'number', default: 3, quick: 1, help: 'PostgreSQL restarts' },
  'database-stalls': {
    type: 'number',
    default: 2,
    quick: 1,
    help: 'a session sitting 4 s on the locks of orders and transactions (the statement limit is 2 s)',
  },
  settle: {
    type: 'number',
    default: 60,
    min: 1,
    help: 'seconds after the load within which nothing may stay stuck',
  },
} as const;

const flags = (() => {
  try {
    return parseFlags(process.argv.slice(2), FLAGS, 'npm run chaos -- [flags]');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
})();
const progress = (line: string) => process.stderr.write(`${line}\n`);
const dir = mkdtempSync(path.join(tmpdir(), 'gateway-chaos-'));
const run = Date.now().toString(36);

// The merchant's webhook receiver: answers 200 at once, remembers every webhook-id.
const received: { webhookId: string }[] = [];
const receiver = createServer((request, response) => {
  received.push({ webhookId: String(request.headers['webhook-id'] ?? '') });
  request.resume();
  request.on('end', () => response.writeHead(200).end('ok'));
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;

const env = {
  IDEMPOTENCY_SECRET: 'chaos-idempotency-secret-of-32-characters',
  VAULT_ENCRYPTION_KEYS: 'chaos1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  WEBHOOK_RETRY_INTERVAL_SECONDS: '5',
  RATE_LIMIT_PER_CREDENTIAL: '100000000',
  // Short enough that a stall (below) outlasts it: the statements behind the stuck session are cancelled (503).
  DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
};
/** How long a stuck session sits on the money tables' locks. */
const STALL_MS = 4000;
let apiKey = '';
progress(`Starting PostgreSQL, a web process and a worker in ${dir} ...`);
const deployment: Deployment = await startDeployment({
  dir,
  env,
  prepare: async (databaseUrl) => {
    const created = await runScript(
      'src/cli/project.ts',
      ['create', '--name', 'Chaos shop', '--mode', 'test', '--webhook-url', receiverUrl, '--json'],
      { DATABASE_URL: databaseUrl, ...env },
    );
    apiKey = (JSON.parse(created) as { api_key: string }).api_key;
  },
});

// The faults, interleaved, at evenly spread points of the load's progress.
const kinds: ('web' | 'worker' | 'database' | 'stall')[] = [];
const counts = {
  web: flags['web-kills'],
  worker: flags['worker-kills'],
  database: flags['database-restarts'],
  stall: flags['database-stalls'],
};
while (counts.web + counts.worker + counts.database + counts.stall > 0) {
  for (const kind of ['web', 'database', 'worker', 'stall'] as const) {
    if (counts[kind] > 0) {
      kinds.push(kind);
      counts[kind] -= 1;
    }
  }
}
let nextFault = 0;
let faulting: Promise<void> = Promise.resolve();
const fault = {
  web: () => deployment.killWeb(),
  worker: () => deployment.killWorker(),
  database: () => deployment.restartDatabase(),
  stall: () => deployment.stallDatabase(STALL_MS),
};
const faultLabel = {
  web: 'SIGKILL web',
  worker: 'SIGKILL worker',
  database: 'restarting PostgreSQL',
  stall: `a session sitting ${STALL_MS / 1000} s on the locks of orders and transactions`,
};
const onProgress = (done: number, total: number) => {
  if (nextFault >= kinds.length || done / total < (nextFault + 1) / (kinds.length + 1)) return;
  const kind = kinds[nextFault++]!;
  progress(`  ${Math.round((100 * done) / total)}% done: ${faultLabel[kind]}`);
  faulting = faulting.then(fault[kind]).catch((error) => {
    progress(`  fault failed: ${(error as Error).message}`);
  });
};

progress(
  `Load: ${flags.flows} card flows and ${flags.refunds} refunds at concurrency ${flags.concurrency}; faults: ${kinds.join(', ')}`,
);
const load = await runLoad({
  baseUrl: deployment.baseUrl,
  apiKey,
  flows: flags.flows,
  refunds: flags.refunds,
  concurrency: flags.concurrency,
  run,
  onProgress,
});
await faulting;
progress(
  `Load done in ${(load.durationMs / 1000).toFixed(0)} s; waiting up to ${flags.settle} s for nothing to be left mid-way ...`,
);

const settleStarted = performance.now();
let settled = await stuckObjects(deployment.databaseUrl);
while (settled.stuck > 0 && performance.now() - settleStarted < flags.settle * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  settled = await stuckObjects(deployment.databaseUrl);
}
const settleSeconds = (performance.now() - settleStarted) / 1000;
const findings = await checkBooks(deployment.databaseUrl, load.flows, received);
await deployment.stop();
receiver.close();
// The logs stay for a look; the database goes.
rmSync(path.join(dir, 'postgres'), { recursive: true, force: true });

const failed = report(findings);
process.exit(failed ? 1 : 0);

function report(found: Findings): boolean {
  const tally = (label: string, t: Findings['orders']) => [
    label,
    formatNumber(t.expected),
    `${t.lost} / ${t.duplicated}`,
    t.lost + t.duplicated === 0,
  ];
  const rows: [string, string, string, boolean][] = [
    [
      'Card flows finished by their clients',
      formatNumber(flags.flows),
      formatNumber(found.flowsFinished),
      found.flowsFinished === flags.flows,
    ],
    tally('Payment orders: lost / duplicated', found.orders),
    tally('Vaulted cards: lost / duplicated', found.cards),
    tally('Authorizations at the acquirer: not paid in our books / repeated', found.authorizations),
    tally('Captures: lost / duplicated', found.captures),
    tally('Refunds: lost / duplicated', found.refunds),
    [
      'Originals whose refunded amount ≠ their refund orders',
      '0',
      String(found.refundedSumMismatches),
      found.refundedSumMismatches === 0,
    ],
    [
      `Objects left mid-way ${flags.settle} s after the load`,
      '0',
      `${found.stuck} (settled in ${settleSeconds.toFixed(1)} s)`,
      found.stuck === 0,
    ],
    [
      'Status changes whose webhook never arrived',
      '0',
      `${found.webhooksMissing} of ${formatNumber(found.statusChanges)}`,
      found.webhooksMissing === 0,
    ],
  ] as [string, string, string, boolean][];
  const table = formatTable(
    [{ header: 'Check' }, { header: 'Expected' }, { header: 'Found' }, { header: '' }],
    rows.map(([check, expected, actual, ok]) => [check, expected, actual, ok ? 'ok' : 'FAILED']),
  );
  const downtime = (kind: keyof Deployment['downtimes']) => {
    const times = deployment.downtimes[kind];
    return times.length ? `${times.length} (back within ${(Math.max(...times) / 1000).toFixed(1)} s)` : '0';
  };
  process.stdout.write(`
Chaos run: ${flags.flows} card flows (1 in 5 captured later) and ${flags.refunds} refunds, concurrency ${flags.concurrency}, ${(load.durationMs / 1000).toFixed(0)} s
Faults: web SIGKILL ${downtime('web')}, worker SIGKILL ${downtime('worker')}, PostgreSQL restarts ${downtime('database')}, stuck sessions ${downtime('stall')}
Requests: ${formatNumber(load.requests)}; retried after ${
    Object.entries(load.retriesBy)
      .map(([why, n]) => `${why} ×${formatNumber(n)}`)
      .join(', ') || 'nothing'
  }; 500s: ${load.internalErrors}
Webhooks: ${formatNumber(found.webhooksReceived)} received, ${found.webhookDuplicates} duplicates by webhook-id (at least once), ${found.deliveriesWithInterruptedAttempts} deliveries with an interrupted attempt logged
Own checkouts left new by a client that gave up (their shop would still move them): ${found.waitingForTheShop}

${table}
`);
  for (const failure of load.failures.slice(0, 20)) process.stdout.write(`  client gave up: ${failure}\n`);
  process.stdout.write(`Processes' output: ${path.join(dir, 'web.log')}, ${path.join(dir, 'worker.log')}\n`);
  return rows.some(([, , , ok]) => !ok) || load.internalErrors > 0;
}
