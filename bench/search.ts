import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { parseConfig } from '../src/config/index.ts';
import { createProject } from '../src/modules/projects/commands/create-project.ts';
import { encodeCursor } from '../src/modules/search/cursor.ts';
import { orderBySql, parseSort, sortValueSql } from '../src/modules/search/sort.ts';
import { freePort, startEmbeddedPostgres } from '../src/platform/db/embedded-postgres.ts';
import { startRuntime } from '../src/runtime.ts';
import { seedOrders } from './search-seed.ts';

/**
 * `npm run bench:search`: order search on a million orders, over real HTTP on a real PostgreSQL.
 *
 * The scratch database is an embedded PostgreSQL in a temporary directory, or, with DATABASE_URL, a new database
 * created on that server (and dropped afterwards). BENCH_ORDERS (default 1,000,000) orders are seeded with SQL,
 * then the median latency of BENCH_ROUNDS (default 25) requests is printed for each case, and the CSV export of
 * every order is timed with the process's peak memory.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const PAGE_SIZE = 20;

const out = (line = '') => process.stdout.write(`${line}\n`);
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

const scratch = await openScratchDatabase();
let stopRuntime: (() => Promise<void>) | null = null;
try {
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATABASE_URL: scratch.url,
    JOBS_ENABLED: 'false',
    VAULT_ENCRYPTION_KEYS: 'bench:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  });
  const runtime = await startRuntime(config, { logger: pino({ level: 'warn' }) });
  stopRuntime = runtime.stop;
  await runtime.app.listen({ host: '127.0.0.1', port });
  const project = await createProject(runtime.deps, { name: 'Search bench', mode: 'test' });

  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  out(`Seeding ${ORDERS.toLocaleString('en')} orders ...`);
  const seedStart = process.hrtime.bigint();
  const { transactions } = await seedOrders(scratch.url, { ...project, count: ORDERS });
  out(
    `Seeded ${ORDERS.toLocaleString('en')} orders and ${transactions.toLocaleString('en')} transactions ` +
      `in ${(since(seedStart) / 1000).toFixed(1)} s (including VACUUM ANALYZE)`,
  );

  const base = `http://127.0.0.1:${port}`;
  const headers = {
    authorization: `Basic ${Buffer.from(`${project.apiKey}:`).toString('base64')}`,
    'content-type': 'application/json',
  };
  const search = async (body: Record<string, unknown>) => {
    const response = await fetch(`${base}/v1/search/orders/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { orders: unknown[]; total: number };
    if (response.status !== 200)
      throw new Error(`search answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };

  // The cursor a client holds after reading ~one million orders: the key of the row just before the last page.
  const sort = parseSort('created desc');
  const deep = Math.max(0, ORDERS - PAGE_SIZE * 2);
  const { rows } = await client.query<{ value: string; id: string }>(
    `select ${sortValueSql(sort)} as value, o.id::text as id from orders o where o.project_id = $1
     order by ${orderBySql(sort)} offset $2 limit 1`,
    [project.projectId, deep - 1],
  );
  const deepCursor = encodeCursor(sort, PAGE_SIZE, rows[0]!);
  await client.end();

  const graphql = async (variables: Record<string, unknown>) => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        query: `query($after: String) { orders(first: ${PAGE_SIZE}, after: $after) {
          edges { node { id status amount transactions { id status } } } } }`,
        variables,
      }),
    });
    const json = (await response.json()) as { data?: { orders: { edges: unknown[] } }; errors?: unknown };
    if (!json.data) throw new Error(`GraphQL answered ${JSON.stringify(json.errors)}`);
    return { orders: json.data.orders.edges, total: null };
  };

  const deepLabel = `page ${deep.toLocaleString('en')} deep (search_after)`;
  const cases: [string, () => Promise<{ orders: unknown[]; total: number | null }>][] = [
    [
      'first page (query *, search_after -1)',
      () => search({ query: '*', size: PAGE_SIZE, search_after: '-1' }),
    ],
    [deepLabel, () => search({ query: '*', size: PAGE_SIZE, search_after: deepCursor })],
    [
      'status:completed AND created:[2025-03-01 TO 2025-03-31]',
      () => search({ query: 'status:completed AND created:[2025-03-01 TO 2025-03-31]', size: PAGE_SIZE }),
    ],
    [
      'simple paging at start 9,980 (for contrast)',
      () => search({ query: '*', size: PAGE_SIZE, start: 9980 }),
    ],
    ['GraphQL first page, no totalCount', () => graphql({})],
    [`GraphQL ${deepLabel}, no totalCount`, () => graphql({ after: deepCursor })],
  ];
  out();
  out(`Median of ${ROUNDS} requests, size ${PAGE_SIZE}, over real HTTP (REST always counts the total):`);
  for (const [name, run] of cases) {
    await run();
    const times: number[] = [];
    let result: { orders: unknown[]; total: number | null } = { orders: [], total: null };
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = process.hrtime.bigint();
      result = await run();
      times.push(since(start));
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const of = result.total === null ? '' : ` of ${result.total.toLocaleString('en')}`;
    out(`  ${name.padEnd(66)} ${median.toFixed(1).padStart(7)} ms   (${result.orders.length} orders${of})`);
  }

  // The export is read by a separate process, so this process's peak memory and CPU are the server's alone.
  const rssBefore = process.resourceUsage().maxRSS;
  const samples: { at: number; maxRss: number }[] = [];
  const exportStart = process.hrtime.bigint();
  const sampler = setInterval(
    () => samples.push({ at: since(exportStart), maxRss: process.resourceUsage().maxRSS }),
    200,
  );
  const report = await readReportInChildProcess(`${base}/v1/search/orders/?format=csv`, headers, {
    query: '*',
  });
  clearInterval(sampler);
  const rowsExported = report.lines - 1;
  out();
  out(
    `CSV export of every order (read by a separate process): ${rowsExported.toLocaleString('en')} rows, ` +
      `${(report.bytes / 1024 / 1024).toFixed(0)} MiB in ${report.seconds.toFixed(1)} s = ` +
      `${Math.round(rowsExported / report.seconds).toLocaleString('en')} rows/s`,
  );
  const atFraction = (fraction: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * fraction))]?.maxRss ?? rssBefore;
  out(
    `Peak memory (maxRSS) of the server process: ${mib(rssBefore)} before the export; ` +
      `${[0.25, 0.5, 0.75].map((f) => `${mib(atFraction(f))} at ${f * 100}%`).join(', ')} of it; ` +
      `${mib(process.resourceUsage().maxRSS)} at the end`,
  );
} finally {
  await stopRuntime?.();
  await scratch.drop();
}

/** Streams the report in a child Node process that only counts lines and bytes; resolves with its tally. */
async function readReportInChildProcess(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ lines: number; bytes: number; seconds: number }> {
  const script = `
    const started = performance.now();
    const response = await fetch(process.env.REPORT_URL, {
      method: 'POST', headers: JSON.parse(process.env.REPORT_HEADERS), body: process.env.REPORT_BODY,
    });
    if (response.status !== 200) throw new Error('report answered ' + response.status);
    let lines = 0, bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    }
    process.stdout.write(JSON.stringify({ lines, bytes, seconds: (performance.now() - started) / 1000 }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: {
      ...process.env,
      REPORT_URL: url,
      REPORT_HEADERS: JSON.stringify(headers),
      REPORT_BODY: JSON.stringify(body),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the report reader exited with ${code}`);
  return JSON.parse(output);
}

async function openScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `bench_search_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-search-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: 0, database: 'bench' });
  return {
    url: embedded.url,
    drop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
