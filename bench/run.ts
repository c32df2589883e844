import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/platform/db/embedded-postgres.ts';
import { printResults, runLoad } from './http-load.ts';

/**
 * `npm run bench`: the API's own speed over real HTTP. The server is the real `npm start` (embedded PostgreSQL
 * in a scratch directory, or DATABASE_URL) in a process of its own; this process only generates load, closed
 * loop, BENCH_CONCURRENCY workers, BENCH_REQUESTS requests per case.
 */
const total = Number(process.env.BENCH_REQUESTS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const dataDir = await mkdtemp(path.join(tmpdir(), 'gateway-bench-'));
const port = await freePort();
const server = spawn(
  process.execPath,
  ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/main.ts'],
  {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const apiKey = await keyPrintedBy(server);
const base = `http://127.0.0.1:${port}`;
const headers = {
  authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`,
  'content-type': 'application/json',
};
const orderBody = (i: number) =>
  JSON.stringify({
    amount: 995 + i,
    currency: 'EUR',
    merchant_order_id: `bench-${i}`,
    description: 'Bench order',
  });

try {
  const ids: string[] = [];
  const results = [];
  results.push(
    await runLoad('REST create order (hosted)', total, concurrency, async (i) => {
      const response = await fetch(`${base}/v1/orders/`, { method: 'POST', headers, body: orderBody(i) });
      const json = (await response.json()) as { id: string };
      ids.push(json.id);
      return response.status === 201;
    }),
  );
  results.push(
    await runLoad('REST create order (own checkout)', total, concurrency, async (i) => {
      const body = JSON.stringify({
        amount: 995 + i,
        currency: 'EUR',
        transactions: [{ payment_method: 'credit-card' }],
      });
      const response = await fetch(`${base}/v1/orders/`, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status === 201;
    }),
  );
  results.push(
    await runLoad('REST retrieve order', total, concurrency, async (i) => {
      const response = await fetch(`${base}/v1/orders/${ids[i % ids.length]}/`, { headers });
      await response.arrayBuffer();
      return response.status === 200;
    }),
  );
  results.push(
    await runLoad('GraphQL order query', total, concurrency, async (i) => {
      const response = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: 'query($id: ID!) { order(id: $id) { id status amount transactions { id status } } }',
          variables: { id: ids[i % ids.length] },
        }),
      });
      await response.arrayBuffer();
      return response.status === 200;
    }),
  );
  results.push(
    await runLoad('REST 401 (bad key)', total, concurrency, async () => {
      const response = await fetch(`${base}/v1/orders/${ids[0]}/`, {
        headers: {
          authorization: `Basic ${Buffer.from('pk_test_00000000000000000000000000000000:').toString('base64')}`,
        },
      });
      await response.arrayBuffer();
      return response.status === 401;
    }),
  );
  process.stdout.write(`\nconcurrency ${concurrency}, ${total} requests per case, Node ${process.version}\n`);
  printResults(results);
} finally {
  await stop(server);
  await rm(dataDir, { recursive: true, force: true });
}

async function keyPrintedBy(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /Test API key\s+(pk_test_\w+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
