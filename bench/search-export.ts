import { existsSync } from 'node:fs';
import pg from 'pg';
import { parseCommandLine } from './lib/args.ts';
import { graphql, jsonHeaders } from './lib/gateway-api.ts';
import { cpuMsBetween, readTreeUsage, rssMiB, sampleRss } from './lib/proc.ts';
import { startProjectServer } from './lib/project-server.ts';
import { formatNumber } from './lib/table.ts';
import { readReportInChildProcess } from './search-report-reader.ts';
import { seedOrders } from './search-seed.ts';

/**
 * A developer's tool for the CSV export alone (bench:search measures it once, after seeding afresh): keeps a
 * seeded database in `--data-dir` between runs, starts `npm start` on it, and exports every order `--exports`
 * times, printing rows/s, server and PostgreSQL CPU µs per row (from /proc) and the server's peak RSS growth.
 * Run the same data directory from two checkouts back to back for an A/B.
 *
 *   node --experimental-strip-types bench/search-export.ts --data-dir /tmp/export-200k --orders 200000
 */
const FLAGS = {
  orders: { type: 'number', default: 200_000, quick: 5_000, min: 100, help: 'orders to seed (first run)' },
  exports: { type: 'number', default: 3, quick: 1, min: 1, help: 'exports per server start' },
  'data-dir': { type: 'list', help: 'data directory kept between runs (default: a scratch one)' },
  'server-env': { type: 'list', help: 'KEY=VALUE for the project server' },
} as const;

const { flags, serverEnv } = parseCommandLine(FLAGS, 'node bench/search-export.ts [flags]');
const dataDir = flags['data-dir'].at(-1);
const seeded = dataDir !== undefined && existsSync(`${dataDir}/postgres`);
const server = await startProjectServer({ env: { ...serverEnv, JOBS_ENABLED: 'false' }, dataDir });
try {
  if (!seeded) {
    const { project } = await graphql(server, 'query { project { id merchantId } }');
    process.stderr.write(`Seeding ${formatNumber(flags.orders)} orders ...\n`);
    await seedOrders(server.databaseUrl, {
      projectId: project.id,
      merchantId: project.merchantId,
      count: flags.orders,
    });
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) from transactions');
  await client.end();
  process.stdout.write(`${formatNumber(Number(rows[0]!.count))} report rows; Node ${process.version}\n`);
  for (let run = 1; run <= flags.exports; run += 1) {
    const before = readTreeUsage(server.pid);
    const sampler = sampleRss(server.pid, 50);
    const report = await readReportInChildProcess(
      `${server.baseUrl}/v1/search/orders/?format=csv`,
      jsonHeaders(server.apiKey),
      { query: '*' },
    );
    const { peakMiB, lastMiB } = sampler.stop();
    const after = readTreeUsage(server.pid);
    const lines = report.lines - 1;
    const micros = (share: 'server' | 'database') =>
      ((cpuMsBetween(before[share], after[share]) * 1000) / lines).toFixed(2);
    process.stdout.write(
      `export ${run}: ${formatNumber(lines / report.seconds)} rows/s (${report.seconds.toFixed(2)} s, ` +
        `${formatNumber(report.bytes / 1048576)} MiB); µs/row server ${micros('server')}, ` +
        `PostgreSQL ${micros('database')}; RSS ${formatNumber(rssMiB(before.server))} → peak ` +
        `${formatNumber(peakMiB)} (+${formatNumber(peakMiB - rssMiB(before.server))}) → ${formatNumber(lastMiB)} MiB\n`,
    );
  }
} finally {
  if (dataDir) await server.stop();
  else await server.dispose();
}
