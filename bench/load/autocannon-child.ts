import autocannon from 'autocannon';
import { answerAndDisconnect } from '../lib/child-ipc.ts';
import { percentile } from '../lib/stats.ts';
import { buildScenario, type ScenarioSpec } from './scenarios.ts';

/**
 * The load generator's own process: runs autocannon for one measurement and reports over IPC, so the
 * generator never shares an event loop (or a core's time slice accounting) with a server it measures.
 *
 * Protocol: the parent sends `{ type: 'run', spec }`; we answer `{ type: 'ready' }` once everything is loaded,
 * wait for `{ type: 'go' }` (the parent reads the servers' CPU counters in between), run, and answer
 * `{ type: 'result', result }`.
 */
export interface LoadSpec {
  baseUrl: string;
  connections: number;
  durationSeconds: number;
  /** Open loop: requests per second over all connections (autocannon's overallRate). */
  overallRate?: number;
  /** Stop after this many requests instead of after the duration. */
  amount?: number;
  scenario: ScenarioSpec;
}

export interface LoadResult {
  /** Completed units per second: requests, or flows for the card flow. */
  perSecond: number;
  units: number;
  /** HTTP responses of any status. */
  responses: number;
  seconds: number;
  p50: number;
  p99: number;
  /** Errors, timeouts and answers with an unexpected status. */
  failures: number;
  statuses: Record<string, number>;
  records: [string, number][];
}

const send = (message: unknown) => process.send!(message);

process.once('message', async (message: { type: 'run'; spec: LoadSpec }) => {
  const { spec } = message;
  const scenario = buildScenario(spec.scenario);
  send({ type: 'ready' });
  await new Promise<void>((resolve) =>
    process.once('message', (go: { type: string }) => go.type === 'go' && resolve()),
  );
  // autocannon's own timers do not hold the process open: in an open-loop run (overallRate) whose connections
  // all wait for their next slot, Node found nothing left to do and exited mid-run without a word. This does.
  const holdOpen = setInterval(() => {}, 1_000);
  const result = await Promise.resolve(
    autocannon({
      url: spec.baseUrl,
      connections: spec.connections,
      duration: spec.durationSeconds,
      overallRate: spec.overallRate,
      amount: spec.amount,
      requests: scenario.requests,
      // A slow server is a figure to report, not a reason to drop its answers.
      timeout: 30,
    }),
  ).finally(() => clearInterval(holdOpen));
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
  );
  const responses = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  const seconds = result.duration;
  const own = scenario.latencies();
  let units: number;
  let failures = result.errors + result.timeouts;
  if (spec.scenario.kind === 'request') {
    const expected = statuses[String(spec.scenario.expectStatus)] ?? 0;
    units = expected;
    failures += responses - expected;
  } else {
    units = scenario.completed();
    failures += scenario.failures();
  }
  const outcome: LoadResult = {
    perSecond: units / seconds,
    units,
    responses,
    seconds,
    p50: own ? percentile(own, 50) : result.latency.p50,
    p99: own ? percentile(own, 99) : result.latency.p99,
    failures,
    statuses,
    records: scenario.records(),
  };
  answerAndDisconnect({ type: 'result', result: outcome });
});
