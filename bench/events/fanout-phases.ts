import { basicAuth, type Gateway, payByCard, payOneClick } from '../lib/gateway-api.ts';
import { measure } from '../lib/load.ts';
import { readTreeUsage, rssMiB, sampleRss } from '../lib/proc.ts';
import { sleep } from '../lib/processes.ts';
import { startProjectServer } from '../lib/project-server.ts';
import { startReference } from '../lib/reference-server.ts';
import { median, medianOfEach, percentileWithMissing } from '../lib/stats.ts';
import { Subscribers } from './subscribers.ts';

/** Phase (c) of `npm run bench:events`: graphql-ws fan-out of order status changes, and its reference. */

export const SUBSCRIPTION = 'subscription { orderStatusChanged { id status transactions { id status } } }';

export interface BurstResult {
  messagesPerSecond: number;
  delivered: number;
  expected: number;
  p50: number;
  /** Infinity when fewer than 99% of the expected messages arrived before the timeout. */
  p99: number;
  messageBytes: number;
}

/**
 * K status changes as fast as the producer can make them (4 in flight), S subscribers each expecting every
 * one. Latency: from the moment the change's call returned to each socket's arrival. Rate: messages delivered
 * per second from the first change to the last arrival.
 */
async function burst(
  subscribers: Subscribers,
  changes: number,
  produce: () => Promise<string>,
  timeoutSeconds: number,
): Promise<BurstResult> {
  await subscribers.reset();
  const triggers = new Map<string, number>();
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, changes) }, async () => {
      while (next < changes) {
        next += 1;
        const key = await produce();
        triggers.set(key, Date.now());
      }
    }),
  );
  const expected = subscribers.connected * changes;
  await subscribers.waitFor(expected, timeoutSeconds * 1000, 15_000);
  const { byKey, messageBytes } = await subscribers.arrivals();
  const latencies: number[] = [];
  let lastArrival = started;
  for (const [key, times] of byKey) {
    const trigger = triggers.get(key);
    if (trigger === undefined) continue;
    for (const at of times) {
      latencies.push(at - trigger);
      lastArrival = Math.max(lastArrival, at);
    }
  }
  return {
    messagesPerSecond: latencies.length / Math.max(0.001, (lastArrival - started) / 1000),
    delivered: latencies.length,
    expected,
    p50: percentileWithMissing(latencies, expected, 50),
    p99: percentileWithMissing(latencies, expected, 99),
    messageBytes,
  };
}

/** One change every subscriber must see before measuring: proves every subscription is live. */
async function prime(subscribers: Subscribers, produce: () => Promise<string>, timeoutSeconds: number) {
  await subscribers.reset();
  await produce();
  return subscribers.waitFor(subscribers.connected, timeoutSeconds * 1000, 15_000);
}

/** Calls `produce` `rate` times a second for `seconds`, without waiting for one call before the next. */
async function produceAtRate(rate: number, seconds: number, produce: () => Promise<unknown>): Promise<void> {
  const calls: Promise<unknown>[] = [];
  const started = Date.now();
  for (let index = 0; index < rate * seconds; index += 1) {
    const due = started + (index * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    calls.push(produce().catch(() => undefined));
  }
  await Promise.all(calls);
}

/** The rounds' bursts as one: the median of each figure (p99 is Infinity in a round that timed out). */
function medianBurst(bursts: readonly BurstResult[]): BurstResult {
  return medianOfEach(bursts, ['messagesPerSecond', 'delivered', 'expected', 'p50', 'p99', 'messageBytes']);
}

export interface FanoutOptions {
  /** Rounds of each measurement; the results are their medians. */
  rounds: number;
  sockets: number;
  manySockets: number;
  changes: number;
  socketProcesses: number;
  timeoutSeconds: number;
  restSeconds: number;
  connections: number;
  changeRate: number;
  serverEnv: Record<string, string>;
}

export interface FanoutResult {
  project: BurstResult;
  reference: BurstResult;
  subscribed: number;
  rss: { sockets: number; subscribed: number; beforeMB: number; peakMB: number; afterCloseMB: number };
  rest: { withoutPerSecond: number; duringPerSecond: number };
}

export async function fanout(options: FanoutOptions): Promise<FanoutResult> {
  const server = await startProjectServer({ env: options.serverEnv, label: 'server' });
  try {
    const gateway: Gateway = server;
    const { orderId, vaultToken } = await payByCard(gateway);
    const produce = () => payOneClick(gateway, vaultToken);
    const open = (count: number) =>
      Subscribers.open({
        mode: 'graphql-ws',
        url: `${server.baseUrl.replace(/^http/, 'ws')}/graphql`,
        count,
        processes: options.socketProcesses,
        apiKey: server.apiKey,
        query: SUBSCRIPTION,
      });
    // The memory target is in MB (10^6 bytes); /proc gives pages, rssMiB gives MiB.
    const mb = (share: { rssPages: number }) => rssMiB(share) * 1.048576;

    // Memory first, on a server that has served nothing else yet: open many sockets, fan one change out.
    const beforeMB = mb(readTreeUsage(server.pid).server);
    const sampler = sampleRss(server.pid);
    const many = await open(options.manySockets);
    const subscribedMany = await prime(many, produce, options.timeoutSeconds);
    const { peakMiB } = sampler.stop();
    await many.close();
    await sleep(2_000);
    const afterCloseMB = mb(readTreeUsage(server.pid).server);
    process.stderr.write(`    ${many.connected} sockets open, ${subscribedMany} got the change\n`);

    // REST reads while status changes arrive and nobody listens, then while S sockets get every change.
    const readGet = () =>
      measure(
        {
          baseUrl: server.baseUrl,
          connections: options.connections,
          durationSeconds: options.restSeconds,
          scenario: {
            kind: 'request',
            method: 'GET',
            path: `/v1/orders/${orderId}/`,
            headers: { authorization: basicAuth(server.apiKey) },
            expectStatus: 200,
          },
        },
        server.pid,
        server.postmasterPid,
      );
    /** REST reads per second while status changes arrive at the change rate. */
    const withChanges = async () => {
      const [load] = await Promise.all([
        readGet(),
        produceAtRate(options.changeRate, options.restSeconds, produce),
      ]);
      return load.perSecond;
    };
    // Rounds (issue 12: medians of three): REST without subscribers, then S sockets subscribe, one burst of K
    // changes, REST while they get every change, and the sockets close again before the next round.
    const rounds: { without: number; during: number; burst: BurstResult }[] = [];
    let subscribed = 0;
    for (let round = 1; round <= options.rounds; round += 1) {
      const without = await withChanges();
      const subscribers = await open(options.sockets);
      subscribed = await prime(subscribers, produce, options.timeoutSeconds);
      const project = await burst(subscribers, options.changes, produce, options.timeoutSeconds);
      const during = await withChanges();
      await subscribers.close();
      rounds.push({ without, during, burst: project });
      process.stderr.write(
        `    round ${round}: ${Math.round(project.messagesPerSecond)} msg/s; REST ${Math.round(during)} during vs ${Math.round(without)} without\n`,
      );
    }
    const project = medianBurst(rounds.map((round) => round.burst));

    const reference = await broadcastReference(options, project.messageBytes);
    return {
      project,
      reference,
      subscribed,
      rss: {
        sockets: options.manySockets,
        subscribed: subscribedMany,
        beforeMB,
        peakMB: peakMiB * 1.048576,
        afterCloseMB,
      },
      rest: {
        withoutPerSecond: median(rounds.map((round) => round.without)),
        duringPerSecond: median(rounds.map((round) => round.during)),
      },
    };
  } finally {
    await server.dispose();
  }
}

/** The same burst against a bare `ws` broadcast of same-size messages to the same number of sockets. */
async function broadcastReference(options: FanoutOptions, messageBytes: number): Promise<BurstResult> {
  const reference = await startReference('ws-broadcast', 'bench/references/ws-broadcast.ts');
  try {
    let sequence = 0;
    const produce = async () => {
      sequence += 1;
      const id = `broadcast-${sequence}`;
      const response = await fetch(`${reference.baseUrl}/broadcast?id=${id}&size=${messageBytes}`, {
        method: 'POST',
      });
      await response.arrayBuffer();
      return id;
    };
    // As the project's rounds: fresh sockets each round, one priming message, one burst.
    const bursts: BurstResult[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      const subscribers = await Subscribers.open({
        mode: 'ws',
        url: `${reference.baseUrl.replace(/^http/, 'ws')}/graphql`,
        count: options.sockets,
        processes: options.socketProcesses,
      });
      await prime(subscribers, produce, options.timeoutSeconds);
      bursts.push(await burst(subscribers, options.changes, produce, options.timeoutSeconds));
      await subscribers.close();
    }
    return medianBurst(bursts);
  } finally {
    await reference.stop();
  }
}
