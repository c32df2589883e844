import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CASES, type Fixture, prepareFixture, REFERENCES, type ReferenceName } from './http-cases.ts';
import { parseCommandLine, parseEnvPairs, UsageError } from './lib/args.ts';
import { BENCH_ENV } from './lib/bench-env.ts';
import { type Measurement, measure } from './lib/load.ts';
import { type ProjectServer, startProjectServer } from './lib/project-server.ts';
import type { ReferenceServer } from './lib/reference-server.ts';
import { RATE_COLUMNS, rateRow, summarise } from './lib/rounds.ts';
import { settleDatabase } from './lib/settle.ts';
import { ratio, type Target } from './lib/stats.ts';
import { formatRate, formatTable, formatTargets } from './lib/table.ts';
import type { LoadSpec } from './load/autocannon-child.ts';

/**
 * `npm run bench`: the project's hot paths as ratios against reference servers measured in the same run.
 * Every server runs in its own process; so does the load generator (autocannon). Each round drives every case
 * and then its reference, so both see the same machine; the table shows medians of the rounds. Read cases come
 * first in a round, and every measurement that follows one that wrote (a case's or a reference's) waits for the
 * database to settle first (lib/settle.ts): the work a write leaves behind lands on no one else's figures.
 */
const FLAGS = {
  connections: {
    type: 'number',
    default: 50,
    quick: 10,
    min: 1,
    help: 'concurrent connections (autocannon)',
  },
  duration: { type: 'number', default: 10, quick: 2, min: 0.5, help: 'seconds per measurement' },
  rounds: {
    type: 'number',
    default: 3,
    quick: 1,
    min: 1,
    help: 'rounds of every case and its reference (the project servers in turn reversed every other round: use an even number with --baseline)',
  },
  warmup: {
    type: 'number',
    default: 3,
    quick: 1,
    help: 'seconds of unmeasured load per server before round 1',
  },
  'server-env': { type: 'list', help: 'KEY=VALUE for the project server, e.g. WEB_CONCURRENCY=2' },
  variant: {
    type: 'list',
    help: 'KEY=VALUE[,KEY=VALUE]: a second project server on the same database, one more row per case (default WEB_CONCURRENCY=2; none: no second server)',
  },
  only: { type: 'list', help: 'only the cases whose name contains this text' },
  baseline: {
    type: 'list',
    help: 'DIR: another checkout of the project (an earlier commit, after its npm ci) as one more row per case, on its own database: before against after in the same run',
  },
} as const;

const { flags, serverEnv } = parseCommandLine(FLAGS, 'npm run bench -- [flags]');
let variants: Record<string, string>[];
try {
  // By default one more row per case: the same server with WEB_CONCURRENCY=2 (two server processes on one
  // port, node:cluster) beside the single process. `--variant none` leaves it out.
  const given = flags.variant.length > 0 ? flags.variant : ['WEB_CONCURRENCY=2'];
  variants = given
    .filter((variant) => variant !== 'none')
    .map((variant) => parseEnvPairs(variant.split(',')));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}
`);
  process.exit(2);
}
const cases = CASES.filter(
  (benchCase) => flags.only.length === 0 || flags.only.some((text) => benchCase.name.includes(text)),
);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const envLabel = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');

const workDir = mkdtempSync(path.join(tmpdir(), 'gateway-bench-refs-'));
const servers: { label: string; server: ProjectServer }[] = [];
const references = new Map<ReferenceName, ReferenceServer>();
try {
  progress('Starting the project server (npm start, embedded PostgreSQL in a scratch DATA_DIR) ...');
  // The 401 case is, by design, what the per-address limit of refused authentications stops: lift it here.
  const main = await startProjectServer({ env: { ...BENCH_ENV, ...serverEnv } });
  servers.push({ label: '', server: main });
  for (const env of variants) {
    progress(`Starting a second project server with ${envLabel(env)} on the same database ...`);
    servers.push({
      label: ` [${envLabel(env)}]`,
      server: await startProjectServer({
        env: { ...BENCH_ENV, ...serverEnv, ...env },
        sharing: main,
        label: envLabel(env),
      }),
    });
  }
  const fixture: Fixture = await prepareFixture(main);
  // Each server's own order to read (a baseline has its own database; the others share main's).
  const fixtures = new Map<ProjectServer, Fixture>(servers.map(({ server }) => [server, fixture]));
  for (const repo of flags.baseline) {
    progress(`Starting a baseline project server from ${repo} on its own database ...`);
    const server = await startProjectServer({ env: { ...BENCH_ENV, ...serverEnv }, repo, label: 'baseline' });
    servers.push({ label: ` [baseline ${path.basename(repo)}]`, server });
    fixtures.set(server, await prepareFixture(server));
  }
  const referencesOf = (benchCase: (typeof cases)[number]) => [
    ...new Set(benchCase.against.map(({ reference }) => reference)),
  ];
  for (const name of new Set(cases.flatMap(referencesOf))) {
    references.set(name, await REFERENCES[name].start(main, fixture, workDir, flags.connections));
  }

  const results = new Map<string, Measurement[]>();
  const record = (key: string, measurement: Measurement) =>
    results.set(key, [...(results.get(key) ?? []), measurement]);
  const load = (baseUrl: string, scenario: LoadSpec['scenario'], seconds: number): LoadSpec => ({
    baseUrl,
    connections: flags.connections,
    durationSeconds: seconds,
    scenario,
  });
  const warmedUp = new Set<string>();
  // Set once a measurement (or its warm-up) wrote: the next one waits for the database to settle first.
  let unsettled = false;
  const settle = async () => {
    let ms = 0;
    for (const url of new Set(servers.map(({ server }) => server.databaseUrl)))
      ms += await settleDatabase(url);
    progress(
      `    (database settled after the writes: VACUUM (ANALYZE) and CHECKPOINT, ${Math.round(ms)} ms)`,
    );
    unsettled = false;
  };
  const run = async (
    key: string,
    pid: number,
    spec: LoadSpec,
    writes: boolean,
    postmasterPid = main.postmasterPid,
  ) => {
    if (!warmedUp.has(key) && flags.warmup > 0) {
      await measure({ ...spec, durationSeconds: flags.warmup }, pid, postmasterPid);
      warmedUp.add(key);
      unsettled ||= writes;
    }
    if (unsettled) await settle();
    const measurement = await measure(spec, pid, postmasterPid);
    unsettled = writes;
    record(key, measurement);
    const failed = measurement.failures > 0 ? `, ${measurement.failures} failed` : '';
    progress(`    ${key}: ${formatRate(measurement.perSecond)}/s${failed}`);
  };

  for (let round = 1; round <= flags.rounds; round += 1) {
    progress(
      `Round ${round} of ${flags.rounds} (${flags.connections} connections, ${flags.duration} s each)`,
    );
    for (const benchCase of cases) {
      // Every other round the other way round: within a round, the servers' turns alone moved their rates by
      // about 10%, whichever checkout each was (docs/reference/benchmarks.md). An even number of rounds gives
      // each server each turn equally often; an odd number leaves one round's order in the median.
      for (const { label, server } of round % 2 === 1 ? servers : [...servers].reverse()) {
        await run(
          `${benchCase.name}${label}`,
          server.pid,
          load(server.baseUrl, benchCase.scenario(server, fixtures.get(server)!), flags.duration),
          benchCase.writes === true,
          server.postmasterPid,
        );
      }
      for (const name of referencesOf(benchCase)) {
        // A reference two cases share is measured once per round, right after the first of them.
        const key = `→ ${REFERENCES[name].label}`;
        if ((results.get(key)?.length ?? 0) >= round) continue;
        await run(
          key,
          references.get(name)!.pid,
          load(references.get(name)!.baseUrl, REFERENCES[name].scenario(fixture), flags.duration),
          REFERENCES[name].writes === true,
        );
      }
    }
  }

  const rows: string[][] = [];
  const targetsByIssue = new Map<number, Target[]>();
  for (const benchCase of cases) {
    const [first] = benchCase.against;
    const primary = summarise(results.get(`→ ${REFERENCES[first!.reference].label}`)!);
    for (const { label } of servers) {
      const name = `${benchCase.name}${label}`;
      const row = summarise(results.get(name)!);
      rows.push(
        rateRow(name, benchCase.unit, row, {
          perSecond: primary.perSecond,
          ratio: ratio(row.perSecond, primary.perSecond),
        }),
      );
      for (const { reference: referenceName, minRatio, issue } of benchCase.against) {
        const reference = summarise(results.get(`→ ${REFERENCES[referenceName].label}`)!);
        const targets = targetsByIssue.get(issue) ?? [];
        targetsByIssue.set(issue, targets);
        targets.push({
          name: `${name} vs ${REFERENCES[referenceName].label}`,
          kind: 'at least',
          threshold: minRatio,
          value: ratio(row.perSecond, reference.perSecond),
          detail: `${formatRate(row.perSecond)} ${benchCase.unit} vs ${formatRate(reference.perSecond)} req/s`,
        });
      }
    }
    for (const name of referencesOf(benchCase)) {
      rows.push(
        rateRow(
          `  ↳ ${REFERENCES[name].label}`,
          'req/s',
          summarise(results.get(`→ ${REFERENCES[name].label}`)!),
        ),
      );
    }
  }
  // With --baseline: each case's rate on this checkout as a share of the baseline's, measured in the same rounds.
  const beforeAfter = servers
    .filter(({ label }) => label.startsWith(' [baseline'))
    .flatMap(({ label }) =>
      cases.map((benchCase) => {
        const after = summarise(results.get(benchCase.name)!).perSecond;
        const before = summarise(results.get(`${benchCase.name}${label}`)!).perSecond;
        return `${benchCase.name}: ${formatRate(after)} against${label} ${formatRate(before)} ${benchCase.unit} = ${ratio(after, before).toFixed(2)}`;
      }),
    );
  const settings = `${flags.connections} connections, ${flags.duration} s per measurement, medians of ${flags.rounds} round(s)`;
  process.stdout.write(
    `\nnpm run bench — ${settings}; Node ${process.version}${Object.keys(serverEnv).length ? `; server env ${envLabel(serverEnv)}` : ''}\n` +
      'CPU ms/unit: the measured server process tree without PostgreSQL; DB ms/unit: the PostgreSQL processes.\n\n' +
      `${formatTable(RATE_COLUMNS, rows)}\n\n${[...targetsByIssue]
        .map(([issue, targets]) => formatTargets(`Targets (issue ${issue})`, targets))
        .join(
          '\n\n',
        )}\n${beforeAfter.length ? `\nThis checkout against the baseline:\n${beforeAfter.join('\n')}\n` : ''}`,
  );
} finally {
  for (const reference of references.values()) await reference.stop();
  for (const { server } of servers.reverse()) await server.dispose();
  rmSync(workDir, { recursive: true, force: true });
}
