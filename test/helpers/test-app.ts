import { Writable } from 'node:stream';
import pino from 'pino';
import { parseConfig } from '../../src/config/index.ts';
import {
  createHttpsMerchantSessionClient,
  type MerchantSessionClient,
} from '../../src/modules/wallets/wallet-a/merchant-session-client.ts';
import { createSimulatedMerchantSessionClient } from '../../src/modules/wallets/wallet-a/session-simulator.ts';
import type { WalletSessionClients } from '../../src/modules/wallets/wallet-services.ts';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { loggerOptions } from '../../src/platform/http/logger.ts';
import { type Runtime, startRuntime } from '../../src/runtime.ts';
import type { ServiceOverrides } from '../../src/services.ts';
import { createTestDatabase } from './database.ts';

/**
 * The in-thread apps hash new passwords at argon2id's smallest sensible cost (1 MiB, one pass) instead of
 * OWASP's 19 MiB and two passes: about 1 ms of CPU instead of 55 ms for each user a test creates and each sign-in
 * with its password (a verification runs at the cost in the hash). The servers and commands started as processes
 * keep the production cost, which `identity/passwords.test.ts` checks.
 */
export const TEST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestApp {
  baseUrl: string;
  databaseUrl: string;
  runtime: Runtime;
  /** Every log line the app wrote, for assertions that card data never reaches the logs. */
  logs: string[];
  /** Shifts the app's clock, e.g. to expire setup tokens or orders. */
  advanceClock(ms: number): void;
  /** Sends the app's wallet A merchant sessions through these transports from now on (both by default). */
  useWalletSessionClients(clients: WalletSessionClients): void;
  stop(): Promise<void>;
}

/**
 * Starts the real app over real HTTP on its own port and its own freshly migrated database. `overrides`
 * replaces a service at the app's seams (e.g. an acquirer that fails on purpose), as `startRuntime` allows.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  overrides: Omit<ServiceOverrides, 'wallets'> = {},
): Promise<TestApp> {
  const databaseUrl = env.DATABASE_URL ?? (await createTestDatabase());
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startTestAppOn(await freePort(), databaseUrl, env, overrides);
    } catch (error) {
      // The free port was taken between its choice and the listen (an outgoing connection of any process gets its
      // local port from the same range): choose another.
      if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

async function startTestAppOn(
  port: number,
  databaseUrl: string,
  env: Record<string, string>,
  overrides: Omit<ServiceOverrides, 'wallets'>,
): Promise<TestApp> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    VAULT_ENCRYPTION_KEYS: 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
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
  // The app is started with transports that pass each session on to whichever one the test picks.
  const sessions: WalletSessionClients = {
    live: createHttpsMerchantSessionClient(),
    test: createSimulatedMerchantSessionClient(),
  };
  const switchable = (which: keyof WalletSessionClients): MerchantSessionClient => ({
    name: `switchable-${which}`,
    requestSession: (session) => sessions[which].requestSession(session),
  });
  const runtime = await startRuntime(config, {
    // The service's own logger options (redaction, error serializer), at debug level.
    logger: pino(loggerOptions('debug'), sink),
    now: () => new Date(Date.now() + offset),
    overrides: {
      passwordHashing: TEST_PASSWORD_HASHING,
      ...overrides,
      wallets: { sessionClients: { live: switchable('live'), test: switchable('test') } },
    },
  });
  try {
    await runtime.app.listen({ host: '127.0.0.1', port });
  } catch (error) {
    await runtime.stop();
    throw error;
  }
  return {
    baseUrl: config.baseUrl,
    databaseUrl,
    runtime,
    logs,
    advanceClock: (ms) => {
      offset += ms;
    },
    useWalletSessionClients: (clients) => Object.assign(sessions, clients),
    stop: () => runtime.stop(),
  };
}
