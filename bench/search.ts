import pg from 'pg';
import { parseCommandLine } from './lib/args.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { call, type Gateway, graphql, jsonHeaders } from './lib/gateway-api.ts';
import { cpuMsBetween, readTreeUsage, rssMiB, sampleRss } from './lib/proc.ts';
import { startProjectServer } from './lib/project-server.ts';
import { median, type Target } from './lib/stats.ts';
import { formatMs, formatNumber, formatTable, formatTargets } from './lib/table.ts';
import { readReportInChildProcess } from './search-report-reader.ts';
import { SEED_EPOCH, seedOrders } from './search-seed.ts';

/**
 * `npm run bench:search`: order search on a million orders over real HTTP. The server is `npm start` in its
 * own process (scratch DATA_DIR, workers off so no timer touches the seeded orders); the orders are seeded
 * straight into its embedded PostgreSQL with set-based SQL. Latencies are medians of `--rounds` requests; the
 * CSV export is read by a separate process while the server's RSS is sampled from /proc.
 */
const FLAGS = {
  orders: { type: 'number', default: 1_000_000, quick: 5_000, min: 100, help: 'orders to seed' },
  rounds: { type: 'number', default: 25, quick: 5, min: 1, help: 'requests per case (median)' },
  exports: {
    type: 'number',
    default: 3,
    quick: 1,
    min: 1,
    help: 'CSV exports (median rate, largest RSS growth)',
  },
  'server-env': { type: 'list', help: 'KEY=VALUE for the project server' },
} as const;
const PAGE_SIZE = 20;

/**
 * The dashboard stats query of issue 14: the last 30 days of the seeded orders (order n is created n minutes
 * after SEED_EPOCH), grouped by day and status, with every figure a dashboard shows. Detected by introspection:
 * a server without the field prints "not available".
 */
const STATS_FIELD = 'orderStats';
const STATS_QUERY = `query($from: DateTime!, $to: DateTime!) {
  orderStats(from: $from, to: $to, groupBy: [DAY, STATUS]) {
    buckets { periodStart status orderCount completedCount finalCount conversion
      amounts { currency amount } refundedAmounts { currency amount } }
  }
}`;
function statsWindow(orders: number): { from: string; to: string } {
  const to = new Date(new Date(SEED_EPOCH).getTime() + (orders + 1) * 60_000);
  return { from: new Date(to.getTime() - 30 * 86_400_000).toISOString(), to: to.toISOString() };
}

const { flags, serverEnv } = parseCommandLine(FLAGS, 'npm run bench:search -- [flags]');
const progress = (line: string) => process.stderr.write(`${line}\n`);
const since = (start: number) => performance.now() - start;

const server = await startProjectServer({ env: { ...BENCH_ENV, ...serverEnv, JOBS_ENABLED: 'false' } });
try {
  const gateway: Gateway = server;
  const { project } = await graphql(gateway, 'query { project { id merchantId } }');
  progress(`Seeding ${formatNumber(flags.orders)} orders ...`);
  const seedStart = performance.now();
  const { transactions } = await seedOrders(server.databaseUrl, {
    projectId: project.id,
    merchantId: project.merchantId,
    count: flags.orders,
  });
  progress(
    `Seeded in ${(since(seedStart) / 1000).toFixed(1)} s (${formatNumber(transactions)} transactions)`,
  );

  const search = async (body: Record<string, unknown>) => {
    const { json } = await call(gateway, 'POST', '/v1/search/orders/', body, 200);
    return {
      orders: json.orders.length as number,
      total: json.total as number | null,
      // Beyond 10,000 matches the total is a lower bound (the response says `total_relation: "gte"`).
      atLeast: json.total_relation === 'gte',
      cursor: json.search_after,
    };
  };
  const deep = Math.max(0, flags.orders - PAGE_SIZE * 2);
  const deepCursor = await cursorAfterPosition(
    server.databaseUrl,
    project.id,
    deep,
    (await search({ query: '*', size: PAGE_SIZE, search_after: '-1' })).cursor,
  );
  const ordersPage = async (after?: string) => {
    const data = await graphql(
      gateway,
      `query($after: String) { orders(first: ${PAGE_SIZE}, after: $after) { edges { node { id status amount transactions { id status } } } } }`,
      { after },
    );
    return { orders: data.orders.edges.length as number, total: null };
  };

  const deepLabel = `page ${formatNumber(deep)} deep (search_after)`;
  const cases: {
    name: string;
    run: () => Promise<{ orders: number; total: number | null; atLeast?: boolean }>;
    maxMs?: number;
  }[] = [
    {
      name: 'REST first page (query *, search_after -1)',
      run: () => search({ query: '*', size: PAGE_SIZE, search_after: '-1' }),
      maxMs: 25,
    },
    {
      name: `REST ${deepLabel}`,
      run: () => search({ query: '*', size: PAGE_SIZE, search_after: deepCursor }),
      maxMs: 25,
    },
    {
      name: 'REST status:completed AND created:[2025-03-01 TO 2025-03-31]',
      run: () =>
        search({ query: 'status:completed AND created:[2025-03-01 TO 2025-03-31]', size: PAGE_SIZE }),
    },
    {
      name: 'REST simple paging at start 9,980',
      run: () => search({ query: '*', size: PAGE_SIZE, start: 9980 }),
    },
    { name: 'GraphQL first page, no totalCount', run: () => ordersPage() },
    { name: `GraphQL ${deepLabel}, no totalCount`, run: () => ordersPage(deepCursor) },
  ];
  const hasStats = await schemaHasQueryField(gateway, STATS_FIELD);
  if (hasStats) {
    cases.push({
      name: 'GraphQL orderStats, 30 days by day and status',
      run: async () => {
        await graphql(gateway, STATS_QUERY, statsWindow(flags.orders));
        return { orders: 0, total: null };
      },
      maxMs: 100,
    });
  }

  const rows: string[][] = [];
  const targets: Target[] = [];
  for (const benchCase of cases) {
    await benchCase.run();
    const times: number[] = [];
    let result: { orders: number; total: number | null; atLeast?: boolean } = { orders: 0, total: null };
    for (let round = 0; round < flags.rounds; round += 1) {
      const start = performance.now();
      result = await benchCase.run();
      times.push(since(start));
    }
    const value = median(times);
    const of = result.atLeast ? ' of ≥ ' : ' of ';
    const found = `${result.orders} orders${result.total === null ? '' : `${of}${formatNumber(result.total)}`}`;
    rows.push([benchCase.name, formatMs(value), 'ms', found]);
    if (benchCase.maxMs !== undefined) {
      targets.push({
        name: `${benchCase.name} median`,
        kind: 'at most',
        threshold: benchCase.maxMs,
        value,
        unit: ' ms',
        detail: `${flags.rounds} requests, ${found}`,
      });
    }
  }
  if (!hasStats) {
    rows.push([
      'GraphQL orderStats, 30 days by day and status',
      'not available',
      '',
      `no ${STATS_FIELD} field in the schema yet`,
    ]);
    targets.push({
      name: 'orderStats 30 days by day and status median',
      kind: 'at most',
      threshold: 100,
      value: Number.NaN,
      unit: ' ms',
      detail: 'not available: the schema has no orderStats yet',
    });
  }

  progress(`CSV export of every order, ${flags.exports} time(s) ...`);
  // Exports one after another (issue 12: medians of three rounds): the rate is the median export's, the RSS
  // growth the largest of any export (the target is a ceiling), CPU per row over them all.
  const usageBefore = readTreeUsage(server.pid);
  const exports: {
    rowsPerSecond: number;
    rows: number;
    bytes: number;
    seconds: number;
    beforeMiB: number;
    peakMiB: number;
  }[] = [];
  for (let round = 0; round < flags.exports; round += 1) {
    const beforeMiB = rssMiB(readTreeUsage(server.pid).server);
    const sampler = sampleRss(server.pid);
    const report = await readReportInChildProcess(
      `${server.baseUrl}/v1/search/orders/?format=csv`,
      jsonHeaders(server.apiKey),
      { query: '*' },
    );
    const exported = report.lines - 1;
    exports.push({
      rowsPerSecond: exported / report.seconds,
      rows: exported,
      bytes: report.bytes,
      seconds: report.seconds,
      beforeMiB,
      peakMiB: sampler.stop().peakMiB,
    });
  }
  const usageAfter = readTreeUsage(server.pid);
  const rowsExported = exports[0]!.rows;
  const allRows = exports.reduce((sum, one) => sum + one.rows, 0);
  // CPU per row from /proc: robust to a shared machine where the rate is not.
  const microsPerRow = (share: 'server' | 'database') =>
    ((cpuMsBetween(usageBefore[share], usageAfter[share]) * 1000) / allRows).toFixed(1);
  const rowsPerSecond = median(exports.map((one) => one.rowsPerSecond));
  const growthOf = (one: (typeof exports)[number]) => one.peakMiB - one.beforeMiB;
  const largest = exports.reduce((worst, one) => (growthOf(one) > growthOf(worst) ? one : worst));
  const growth = growthOf(largest);
  const rates = exports.map((one) => formatNumber(one.rowsPerSecond)).join(', ');
  const seconds = median(exports.map((one) => one.seconds));
  rows.push([
    'CSV export of every order (?format=csv)',
    formatNumber(rowsPerSecond),
    'rows/s',
    `${formatNumber(rowsExported)} rows, ${formatNumber(exports[0]!.bytes / 1048576)} MiB in ${seconds.toFixed(1)} s (median of ${rates} rows/s); ` +
      `CPU per row: server ${microsPerRow('server')} µs, PostgreSQL ${microsPerRow('database')} µs`,
  ]);
  rows.push([
    '  server RSS during the export',
    `+${formatNumber(growth)}`,
    'MiB',
    `${formatNumber(largest.beforeMiB)} → peak ${formatNumber(largest.peakMiB)} MiB (the largest growth of ${exports.length})`,
  ]);
  targets.push(
    {
      name: 'CSV export rate',
      kind: 'at least',
      threshold: 150_000,
      value: rowsPerSecond,
      unit: ' rows/s',
      detail: `${formatNumber(rowsExported)} rows in ${seconds.toFixed(1)} s, median of ${exports.length} exports`,
    },
    {
      name: 'server peak RSS growth during the export',
      kind: 'at most',
      threshold: 150,
      value: growth,
      unit: ' MiB',
      detail: `${formatNumber(largest.beforeMiB)} → ${formatNumber(largest.peakMiB)} MiB`,
    },
  );

  process.stdout.write(
    `\nnpm run bench:search — ${formatNumber(flags.orders)} orders, ${formatNumber(transactions)} transactions, ` +
      `median of ${flags.rounds} requests, page size ${PAGE_SIZE}; Node ${process.version}\n\n` +
      `${formatTable([{ header: 'case' }, { header: 'median' }, { header: 'unit', align: 'left' }, { header: 'result', align: 'left' }], rows)}\n\n` +
      `${formatTargets('Targets (issue 12)', targets)}\n`,
  );
} finally {
  await server.dispose();
}

/**
 * The `search_after` a client holds after reading `position` orders newest first. The cursor is documented as
 * base64url JSON of the sort, the size and the last hit's sort value and id: we take a real one from the API
 * and put in the key of the order at that position, read from the database.
 */
async function cursorAfterPosition(databaseUrl: string, projectId: string, position: number, sample: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string; id: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as value, id::text as id
       from orders where project_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [projectId, Math.max(0, position - 1)],
    );
    const payload = JSON.parse(Buffer.from(sample, 'base64url').toString('utf8'));
    payload.after = [rows[0]!.value, rows[0]!.id];
    return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  } finally {
    await client.end();
  }
}

async function schemaHasQueryField(gateway: Gateway, field: string): Promise<boolean> {
  const data = await graphql(gateway, 'query { __type(name: "Query") { fields { name } } }');
  return (data.__type?.fields ?? []).some((candidate: { name: string }) => candidate.name === field);
}
