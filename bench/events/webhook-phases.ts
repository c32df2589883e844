import { type Gateway, jsonHeaders, payByCard, setProjectWebhookUrl } from '../lib/gateway-api.ts';
import { measure } from '../lib/load.ts';
import { ask, startScript, stopChild } from '../lib/processes.ts';
import { startProjectServer } from '../lib/project-server.ts';
import { type DeliveryRate, drainRate, percentileWithMissing } from '../lib/stats.ts';
import type { Receiver } from './receiver.ts';

/** Phases (a) and (b) of `npm run bench:events`: webhook delivery rate, and first-attempt delay under load. */

const BODY = JSON.stringify({
  event: 'status_changed',
  order_id: '00000000-0000-4000-8000-000000000000',
  project_id: '00000000-0000-4000-8000-000000000000',
});

/**
 * (a) A backlog of `backlog` status changes is made with the server's workers off (JOBS_ENABLED=false); the
 * server is then restarted on the same database with its default settings, and we time the drain at the
 * receiver. The reference posts the same number of webhook bodies with a plain fetch loop at `concurrency`,
 * before and after the project's drain; its figure is the mean of both.
 */
export async function webhookThroughput(options: {
  receiver: Receiver;
  backlog: number;
  concurrency: number;
  timeoutSeconds: number;
  serverEnv: Record<string, string>;
}): Promise<{ project: DeliveryRate; reference: DeliveryRate }> {
  const { receiver } = options;
  const reference = async () => {
    await receiver.reset();
    const loop = startScript('bench/events/post-loop.ts', { label: 'post loop' });
    const { backlog: total, concurrency } = options;
    await ask(loop, { type: 'run', url: receiver.url, body: BODY, total, concurrency }, 'done');
    await stopChild(loop, 2_000);
    return drainRate((await receiver.report()).times, options.backlog);
  };
  const before = await reference();

  let server = await startProjectServer({
    env: { ...options.serverEnv, JOBS_ENABLED: 'false' },
    label: 'server, jobs off',
  });
  const dataDir = server.dataDir;
  let project: DeliveryRate;
  try {
    const gateway: Gateway = server;
    await setProjectWebhookUrl(gateway, receiver.url);
    const { vaultToken } = await payByCard(gateway);
    const made = await measure(
      {
        baseUrl: server.baseUrl,
        connections: 10,
        durationSeconds: 3600,
        amount: options.backlog,
        scenario: { kind: 'one-click-orders', headers: jsonHeaders(gateway.apiKey), vaultToken, amount: 995 },
      },
      server.pid,
      server.postmasterPid,
    );
    process.stderr.write(`    backlog: ${made.units} status changes made with the workers off\n`);
    await server.stop();
    await receiver.reset();
    // The same database, the server's default settings: its workers find the backlog waiting.
    server = await startProjectServer({ env: options.serverEnv, dataDir, label: 'server' });
    // +1: the order paid by card to get a vault token changed status too.
    const expected = made.units + 1;
    await receiver.waitFor(expected, { timeoutMs: options.timeoutSeconds * 1000, idleMs: 30_000 });
    project = drainRate((await receiver.report()).times, expected);
  } finally {
    await server.dispose();
  }
  const after = await reference();
  return {
    project,
    reference: { ...after, perSecond: (before.perSecond + after.perSecond) / 2 },
  };
}

export interface DelayResult {
  offeredPerSecond: number;
  /** Status changes per second the server accepted (its API calls returned). */
  achievedPerSecond: number;
  changes: number;
  delivered: number;
  p50: number;
  /** Infinity when fewer than 99% arrived before the timeout. */
  p99: number;
}

/**
 * (b) One-click orders (each a status change, new → completed) arrive open loop at `rate` per second for
 * `seconds`; the delay of each is from the moment its API call returned (the change was committed) to the
 * receiver getting the order's first webhook.
 */
export async function firstAttemptDelay(options: {
  receiver: Receiver;
  rate: number;
  seconds: number;
  /** Seconds of the same load before the measured ones, whose webhooks are awaited and then forgotten. */
  warmupSeconds: number;
  connections: number;
  timeoutSeconds: number;
  serverEnv: Record<string, string>;
}): Promise<DelayResult> {
  const { receiver } = options;
  const server = await startProjectServer({ env: options.serverEnv, label: 'server' });
  try {
    const gateway: Gateway = server;
    await setProjectWebhookUrl(gateway, receiver.url);
    const { vaultToken } = await payByCard(gateway);
    await receiver.waitFor(1, { timeoutMs: 10_000, idleMs: 10_000 });
    const offer = (durationSeconds: number) =>
      measure(
        {
          baseUrl: server.baseUrl,
          connections: options.connections,
          durationSeconds,
          overallRate: options.rate,
          scenario: {
            kind: 'one-click-orders',
            headers: jsonHeaders(gateway.apiKey),
            vaultToken,
            amount: 995,
          },
        },
        server.pid,
        server.postmasterPid,
      );
    // A server that has just started compiles its hot paths under the first seconds of load (npm run bench warms
    // every server too): the same rate first, unmeasured, until its webhooks have all arrived.
    if (options.warmupSeconds > 0) {
      const warm = await offer(options.warmupSeconds);
      await receiver.waitFor(warm.records.length + 1, {
        timeoutMs: options.timeoutSeconds * 1000,
        idleMs: options.timeoutSeconds * 1000,
        distinctOrders: true,
      });
    }
    await receiver.reset();
    const load = await offer(options.seconds);
    const changes = load.records.length;
    await receiver.waitFor(changes, {
      timeoutMs: options.timeoutSeconds * 1000,
      idleMs: options.timeoutSeconds * 1000,
      distinctOrders: true,
    });
    const arrivals = new Map((await receiver.report()).first);
    const delays = load.records
      .filter(([orderId]) => arrivals.has(orderId))
      .map(([orderId, returnedAt]) => arrivals.get(orderId)! - returnedAt);
    return {
      offeredPerSecond: options.rate,
      achievedPerSecond: changes / load.seconds,
      changes,
      delivered: delays.length,
      p50: percentileWithMissing(delays, changes, 50),
      p99: percentileWithMissing(delays, changes, 99),
    };
  } finally {
    await server.dispose();
  }
}
