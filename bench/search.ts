import { randomBytes } from 'node:crypto';
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
import { Db } from '../src/platform/db/orm.ts';
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
  const project = await createProject(Db.fork(runtime.services.orm), { name: 'Search bench', mode: 'test' });

  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  out(`Seeding ${ORDERS.toLocaleString('en')} orders ...`);
  const seedStart = process.hrtime.bigint();
  const { transactions } = await seedOrders(client, { ...project, count: ORDERS });
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

  const cases: [string, Record<string, unknown>][] = [
    ['first page (query *, search_after -1)', { query: '*', size: PAGE_SIZE, search_after: '-1' }],
    [
      `page ${deep.toLocaleString('en')} deep (search_after)`,
      { query: '*', size: PAGE_SIZE, search_after: deepCursor },
    ],
    [
      'status:completed AND created:[2025-03-01 TO 2025-03-31]',
      { query: 'status:completed AND created:[2025-03-01 TO 2025-03-31]', size: PAGE_SIZE },
    ],
    ['simple paging at start 9,980 (for contrast)', { query: '*', size: PAGE_SIZE, start: 9980 }],
  ];
  out();
  out(`Median of ${ROUNDS} requests, size ${PAGE_SIZE}, each with the total count (over real HTTP):`);
  for (const [name, body] of cases) {
    await search(body);
    const times: number[] = [];
    let result = { orders: [] as unknown[], total: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = process.hrtime.bigint();
      result = await search(body);
      times.push(since(start));
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    out(
      `  ${name.padEnd(58)} ${median.toFixed(1).padStart(7)} ms   ` +
        `(${result.orders.length} orders of ${result.total.toLocaleString('en')})`,
    );
  }

  const rssBefore = process.resourceUsage().maxRSS;
  const exportStart = process.hrtime.bigint();
  const response = await fetch(`${base}/v1/search/orders/?format=csv`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query: '*' }),
  });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body!) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  const seconds = since(exportStart) / 1000;
  const rowsExported = lines - 1;
  out();
  out(
    `CSV export of every order: ${rowsExported.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(0)} MiB ` +
      `in ${seconds.toFixed(1)} s = ${Math.round(rowsExported / seconds).toLocaleString('en')} rows/s`,
  );
  out(
    `Peak memory (maxRSS) of this process, server and client: ${mib(rssBefore)} before the export, ` +
      `${mib(process.resourceUsage().maxRSS)} after`,
  );
} finally {
  await stopRuntime?.();
  await scratch.drop();
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
