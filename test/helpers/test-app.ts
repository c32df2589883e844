import { Writable } from 'node:stream';
import pino from 'pino';
import { parseConfig } from '../../src/config/index.ts';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { type Runtime, startRuntime } from '../../src/runtime.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  baseUrl: string;
  databaseUrl: string;
  runtime: Runtime;
  /** Every log line the app wrote, for assertions that card data never reaches the logs. */
  logs: string[];
  /** Shifts the app's clock, e.g. to expire setup tokens or orders. */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

/** Starts the real app over real HTTP on its own port and its own freshly migrated database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  const port = await freePort();
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  let offset = 0;
  const runtime = await startRuntime(config, {
    logger: pino({ level: 'debug' }, sink),
    now: () => new Date(Date.now() + offset),
  });
  await runtime.app.listen({ host: '127.0.0.1', port });
  return {
    baseUrl: config.baseUrl,
    databaseUrl,
    runtime,
    logs,
    advanceClock: (ms) => {
      offset += ms;
    },
    stop: () => runtime.stop(),
  };
}
