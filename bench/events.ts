import { fanout } from './events/fanout-phases.ts';
import { Receiver } from './events/receiver.ts';
import { firstAttemptDelay, webhookThroughput } from './events/webhook-phases.ts';
import { parseCommandLine } from './lib/args.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { ratio, type Target } from './lib/stats.ts';
import { formatMs, formatNumber, formatRate, formatRatio, formatTable, formatTargets } from './lib/table.ts';

/**
 * `npm run bench:events`: webhooks and subscriptions beside their references in one run. Each phase gets a
 * fresh project server (npm start, scratch DATA_DIR) so one phase's backlog cannot slow the next; the
 * receiver, the reference client loop, the load generator and the socket clients are processes of their own.
 */
const FLAGS = {
  backlog: {
    type: 'number',
    default: 1000,
    quick: 50,
    min: 1,
    help: '(a) status changes waiting to be delivered',
  },
  'webhook-concurrency': {
    type: 'number',
    default: 8,
    min: 1,
    help: '(a) requests in flight of the reference loop',
  },
  'drain-timeout': {
    type: 'number',
    default: 120,
    quick: 30,
    min: 1,
    help: '(a) seconds to wait for the drain',
  },
  rate: { type: 'number', default: 500, quick: 50, min: 1, help: '(b) status changes per second offered' },
  'rate-seconds': { type: 'number', default: 10, quick: 3, min: 1, help: '(b) seconds of that rate' },
  warmup: {
    type: 'number',
    default: 3,
    quick: 1,
    min: 0,
    help: '(b) seconds of the same rate, unmeasured, before it (as npm run bench warms every server)',
  },
  'producer-connections': {
    type: 'number',
    default: 100,
    quick: 20,
    min: 1,
    help: '(b) connections of the producer',
  },
  'delay-timeout': {
    type: 'number',
    default: 60,
    quick: 20,
    min: 1,
    help: '(b) seconds to wait for webhooks',
  },
  sockets: {
    type: 'number',
    default: 1000,
    quick: 50,
    min: 1,
    help: '(c) subscribers S for the fan-out rate',
  },
  changes: { type: 'number', default: 20, quick: 3, min: 1, help: '(c) status changes K fanned out to S' },
  'many-sockets': {
    type: 'number',
    default: 5000,
    quick: 200,
    min: 1,
    help: '(c) sockets for the memory figure',
  },
  'socket-processes': {
    type: 'number',
    default: 2,
    min: 1,
    help: '(c) processes holding the client sockets',
  },
  'fanout-timeout': {
    type: 'number',
    default: 90,
    quick: 20,
    min: 1,
    help: '(c) seconds to wait for a fan-out',
  },
  'change-rate': {
    type: 'number',
    default: 10,
    quick: 5,
    min: 1,
    help: '(c) changes/s during the REST reads',
  },
  duration: {
    type: 'number',
    default: 10,
    quick: 3,
    min: 1,
    help: '(c) seconds of each REST read measurement',
  },
  connections: { type: 'number', default: 50, quick: 10, min: 1, help: '(c) connections of the REST reads' },
  rounds: {
    type: 'number',
    default: 3,
    quick: 1,
    min: 1,
    help: '(c) rounds of the fan-out and REST measurements (medians)',
  },
  'server-env': { type: 'list', help: 'KEY=VALUE for every project server, e.g. WEB_CONCURRENCY=2' },
  only: { type: 'list', help: 'only these phases: webhooks, delay, fanout' },
} as const;

const { flags, serverEnv: givenEnv } = parseCommandLine(FLAGS, 'npm run bench:events -- [flags]');
// The same settings as `npm run bench`: 5,000 subscriptions of one project opened at once are far past its cost
// budget, which would throttle most of them (the fan-out then measured sockets that never subscribed).
const serverEnv = { ...BENCH_ENV, ...givenEnv };
const runs = (phase: string) => flags.only.length === 0 || flags.only.includes(phase);
const progress = (line: string) => process.stderr.write(`${line}\n`);

const rows: string[][] = [];
const targets: Target[] = [];
const receiver = await Receiver.start();
try {
  if (runs('webhooks')) {
    progress(`(a) webhook delivery: a backlog of ${flags.backlog} status changes ...`);
    const { project, reference } = await webhookThroughput({
      receiver,
      backlog: flags.backlog,
      concurrency: flags['webhook-concurrency'],
      timeoutSeconds: flags['drain-timeout'],
      serverEnv,
    });
    const value = ratio(project.perSecond, reference.perSecond);
    const drained = `${formatNumber(project.delivered)} of ${formatNumber(project.expected)} delivered`;
    rows.push([
      'webhooks delivered, backlog drain',
      formatRate(project.perSecond),
      '/s',
      '',
      '',
      formatRate(reference.perSecond),
      formatRatio(value),
      drained,
    ]);
    rows.push([
      `  ↳ fetch loop, ${flags['webhook-concurrency']} in flight, same receiver`,
      formatRate(reference.perSecond),
      '/s',
      '',
      '',
      '',
      '',
      '',
    ]);
    targets.push({
      name: 'webhooks delivered per second vs a plain fetch loop',
      kind: 'at least',
      threshold: 0.5,
      value,
      detail: `${formatRate(project.perSecond)}/s vs ${formatRate(reference.perSecond)}/s (${drained})`,
    });
  }
  if (runs('delay')) {
    progress(`(b) first-attempt delay: ${flags.rate} status changes/s for ${flags['rate-seconds']} s ...`);
    const delay = await firstAttemptDelay({
      receiver,
      rate: flags.rate,
      seconds: flags['rate-seconds'],
      warmupSeconds: flags.warmup,
      connections: flags['producer-connections'],
      timeoutSeconds: flags['delay-timeout'],
      serverEnv,
    });
    const kept = delay.achievedPerSecond >= 0.95 * delay.offeredPerSecond;
    const note = `${formatRate(delay.achievedPerSecond)} of ${flags.rate} changes/s accepted; ${formatNumber(delay.delivered)} of ${formatNumber(delay.changes)} delivered`;
    rows.push([
      `first-attempt delay at ${flags.rate} changes/s`,
      '',
      '',
      formatMs(delay.p50),
      formatMs(delay.p99),
      '',
      '',
      note,
    ]);
    targets.push({
      name: `first-attempt webhook delay p99 at ${flags.rate} status changes/s for ${flags['rate-seconds']} s`,
      kind: 'at most',
      threshold: 1000,
      value: delay.p99,
      unit: ' ms',
      detail: note,
      // The target presumes the changes arrive at the offered rate: a server that cannot take them fails it.
      unmetBecause: kept ? undefined : 'the server did not take the offered rate',
    });
  }
  if (runs('fanout')) {
    progress(
      `(c) fan-out: ${flags['many-sockets']} sockets for memory, then S = ${flags.sockets} × K = ${flags.changes} ...`,
    );
    const result = await fanout({
      rounds: flags.rounds,
      sockets: flags.sockets,
      manySockets: flags['many-sockets'],
      changes: flags.changes,
      socketProcesses: flags['socket-processes'],
      timeoutSeconds: flags['fanout-timeout'],
      restSeconds: flags.duration,
      connections: flags.connections,
      changeRate: flags['change-rate'],
      serverEnv,
    });
    const { project, reference, rss, rest } = result;
    const value = ratio(project.messagesPerSecond, reference.messagesPerSecond);
    const sk = `S = ${formatNumber(flags.sockets)} × K = ${flags.changes}`;
    const delivered = (burst: typeof project) =>
      `${formatNumber(burst.delivered)} of ${formatNumber(burst.expected)} delivered, ${burst.messageBytes} B`;
    rows.push([
      `fan-out ${sk}`,
      formatRate(project.messagesPerSecond),
      'msg/s',
      formatMs(project.p50),
      formatMs(project.p99),
      formatRate(reference.messagesPerSecond),
      formatRatio(value),
      delivered(project),
    ]);
    rows.push([
      '  ↳ bare ws broadcast, same size and sockets',
      formatRate(reference.messagesPerSecond),
      'msg/s',
      formatMs(reference.p50),
      formatMs(reference.p99),
      '',
      '',
      delivered(reference),
    ]);
    const growth = rss.peakMB - rss.beforeMB;
    rows.push([
      `server RSS, ${formatNumber(rss.sockets)} sockets open`,
      `+${formatNumber(growth)}`,
      'MB',
      '',
      '',
      '',
      '',
      `${formatNumber(rss.beforeMB)} → peak ${formatNumber(rss.peakMB)} MB, ${formatNumber(rss.afterCloseMB)} MB after closing; ${formatNumber(rss.subscribed)} got the change`,
    ]);
    const restRatio = ratio(rest.duringPerSecond, rest.withoutPerSecond);
    rows.push([
      `REST GET during fan-out (${flags['change-rate']} changes/s)`,
      formatRate(rest.duringPerSecond),
      'req/s',
      '',
      '',
      formatRate(rest.withoutPerSecond),
      formatRatio(restRatio),
      'reference: same changes, no subscribers',
    ]);
    targets.push(
      {
        name: `fan-out at ${formatNumber(flags.sockets)} sockets vs bare ws broadcast`,
        kind: 'at least',
        threshold: 0.3,
        value,
        detail: `${formatRate(project.messagesPerSecond)} vs ${formatRate(reference.messagesPerSecond)} msg/s`,
      },
      {
        name: `fan-out p99 at ${formatNumber(flags.sockets)} sockets`,
        kind: 'at most',
        threshold: 250,
        value: project.p99,
        unit: ' ms',
        detail: delivered(project),
      },
      {
        name: `server RSS growth with ${formatNumber(rss.sockets)} sockets open`,
        kind: 'at most',
        threshold: 300,
        value: growth,
        unit: ' MB',
        detail: `${formatNumber(rss.beforeMB)} → ${formatNumber(rss.peakMB)} MB`,
      },
      {
        name: 'REST GET throughput during fan-out vs without',
        kind: 'at least',
        threshold: 0.7,
        value: restRatio,
        detail: `${formatRate(rest.duringPerSecond)} vs ${formatRate(rest.withoutPerSecond)} req/s`,
      },
    );
  }
  const columns = [
    { header: 'case' },
    { header: 'figure' },
    { header: 'unit', align: 'left' as const },
    { header: 'p50 ms' },
    { header: 'p99 ms' },
    { header: 'reference' },
    { header: 'ratio' },
    { header: 'notes', align: 'left' as const },
  ];
  process.stdout.write(
    `\nnpm run bench:events — Node ${process.version}${
      Object.keys(givenEnv).length
        ? `; server env ${Object.entries(givenEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}`
        : ''
    }\n\n` + `${formatTable(columns, rows)}\n\n${formatTargets('Targets (issue 12)', targets)}\n`,
  );
} finally {
  await receiver.stop();
}
