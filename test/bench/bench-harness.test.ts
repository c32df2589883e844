import { parseEnvPairs, parseFlags, UsageError } from '../../bench/lib/args.ts';
import { parseBanner, parsePostmasterPid } from '../../bench/lib/banner.ts';
import { type ProcStat, parseStat, readTreeUsage, summariseTree } from '../../bench/lib/proc.ts';
import { drainRate, isMet, median, percentile, percentileWithMissing, ratio } from '../../bench/lib/stats.ts';
import { formatMs, formatRate, formatTable, formatTargetLine } from '../../bench/lib/table.ts';

// The pure parts of the bench scripts (npm run bench, bench:events, bench:search). Nothing here is timed: the
// figures themselves come from the benches, never from tests.

const FLAGS = {
  connections: { type: 'number', default: 50, quick: 10, min: 1, help: 'connections' },
  duration: { type: 'number', default: 10, quick: 2, help: 'seconds' },
  'server-env': { type: 'list', help: 'env' },
} as const;

describe('bench flags', () => {
  it('uses the defaults when no flag is given', () => {
    expect(parseFlags([], FLAGS, 't')).toEqual({
      quick: false,
      connections: 50,
      duration: 10,
      'server-env': [],
    });
  });

  it('swaps in the quick values with --quick, and an explicit flag still wins', () => {
    const flags = parseFlags(['--quick', '--duration', '5'], FLAGS, 't');
    expect(flags).toMatchObject({ quick: true, connections: 10, duration: 5 });
  });

  it('collects repeated list flags', () => {
    const flags = parseFlags(['--server-env', 'WEB_CONCURRENCY=2', '--server-env', 'A=b=c'], FLAGS, 't');
    expect(parseEnvPairs(flags['server-env'])).toEqual({ WEB_CONCURRENCY: '2', A: 'b=c' });
  });

  it('refuses a number that is not one, one below the minimum, and an unknown flag', () => {
    expect(() => parseFlags(['--duration', '1O'], FLAGS, 't')).toThrow(UsageError);
    expect(() => parseFlags(['--connections', '0'], FLAGS, 't')).toThrow(
      /--connections must be a number >= 1/,
    );
    expect(() => parseFlags(['--conections', '5'], FLAGS, 't')).toThrow(UsageError);
  });

  it('answers --help with the usage text', () => {
    expect(() => parseFlags(['--help'], FLAGS, 'npm run bench -- [flags]')).toThrow(
      /--connections N\s+connections/,
    );
  });

  it('refuses an environment pair without a name', () => {
    expect(() => parseEnvPairs(['=1'])).toThrow(UsageError);
    expect(() => parseEnvPairs(['NOVALUE'])).toThrow(UsageError);
  });
});

describe('bench arithmetic', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
  });

  it('counts missing samples as slower than every arrival', () => {
    const arrived = Array.from({ length: 98 }, () => 10);
    expect(percentileWithMissing(arrived, 100, 50)).toBe(10);
    expect(percentileWithMissing(arrived, 100, 99)).toBe(Number.POSITIVE_INFINITY);
    expect(percentileWithMissing([...arrived, 20], 100, 99)).toBe(20);
  });

  it('gives no ratio against a missing or zero reference', () => {
    expect(ratio(640, 32_000)).toBeCloseTo(0.02);
    expect(ratio(640, 0)).toBeNaN();
    expect(ratio(Number.NaN, 10)).toBeNaN();
  });

  it('never calls a missing figure met', () => {
    expect(isMet({ kind: 'at least', threshold: 0.12, value: 0.13 })).toBe(true);
    expect(isMet({ kind: 'at least', threshold: 0.12, value: 0.11 })).toBe(false);
    expect(isMet({ kind: 'at most', threshold: 250, value: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isMet({ kind: 'at most', threshold: 250, value: Number.NaN })).toBe(false);
  });

  it('measures a drain from its first arrival to its last', () => {
    const rate = drainRate([3000, 1000, 2000], 3);
    expect(rate).toEqual({ perSecond: 1, delivered: 3, expected: 3, seconds: 2 });
    expect(drainRate([1000], 5).perSecond).toBeNaN();
  });
});

describe('the /proc reader', () => {
  it('parses a stat line whose command name holds spaces and parentheses', () => {
    const line =
      '4242 (node (main) x) S 4000 4242 4000 0 -1 4194560 100 0 0 0 250 75 3 4 20 0 11 0 12345 1000000 2560 ' +
      '18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0';
    expect(parseStat(line)).toEqual({
      pid: 4242,
      comm: 'node (main) x',
      ppid: 4000,
      cpuTicks: 325,
      exitedChildrenCpuTicks: 7,
      rssPages: 2560,
    });
  });

  it('splits a server tree into the server and its PostgreSQL, leaving other processes out', () => {
    const process = (pid: number, ppid: number, comm: string, cpuTicks: number, exited = 0): ProcStat => ({
      pid,
      ppid,
      comm,
      cpuTicks,
      exitedChildrenCpuTicks: exited,
      rssPages: 10,
    });
    const table = [
      process(10, 1, 'node', 100, 5),
      process(11, 10, 'node', 50), // a WEB_CONCURRENCY worker
      process(12, 10, 'postgres', 7, 200), // the embedded postmaster, with backends that have ended ...
      process(13, 12, 'postgres', 30), // ... and a live backend
      process(20, 1, 'node', 999), // someone else's process
    ];
    const usage = summariseTree(table, 10);
    expect(usage.server).toEqual({ cpuTicks: 150, rssPages: 20, pids: [10, 11] });
    expect(usage.database).toEqual({ cpuTicks: 237, rssPages: 20, pids: [12, 13] });
  });

  it('reads this very process, and its CPU time grows with work', () => {
    const before = readTreeUsage(process.pid).server;
    const until = Date.now() + 150;
    let spin = 0;
    while (Date.now() < until) spin += 1;
    const after = readTreeUsage(process.pid).server;
    expect(spin).toBeGreaterThan(0);
    expect(after.pids[0]).toBe(process.pid);
    expect(after.rssPages).toBeGreaterThan(0);
    expect(after.cpuTicks).toBeGreaterThan(before.cpuTicks);
  });
});

describe('what the bench reads from the server', () => {
  it('takes the base URL, key, project and vault path from the start banner', () => {
    const banner = [
      'Payments gateway is running',
      '  REST base URL     http://127.0.0.1:3917/v1/',
      '  Card vault        http://127.0.0.1:3917/vault/v1/cards/',
      '  Test project      4aaf883f-518b-4958-b599-dc3cb9e49af9',
      '  Test API key      pk_test_yZAoQQ64rd6bBk1vSVFEkylMOq1FKXUs',
    ].join('\n');
    expect(parseBanner(banner)).toEqual({
      baseUrl: 'http://127.0.0.1:3917',
      apiKey: 'pk_test_yZAoQQ64rd6bBk1vSVFEkylMOq1FKXUs',
      projectId: '4aaf883f-518b-4958-b599-dc3cb9e49af9',
      vaultPath: '/vault/v1/cards/',
    });
    expect(parseBanner('Payments gateway is running\n')).toBeNull();
  });

  it("reads the embedded PostgreSQL's pid and port from postmaster.pid", () => {
    expect(parsePostmasterPid('8330\n/tmp/d/postgres\n1795392228\n42397\n/tmp\nlocalhost\n')).toEqual({
      pid: 8330,
      port: 42397,
    });
  });
});

describe('bench tables', () => {
  it('aligns the name column left and figures right', () => {
    const table = formatTable(
      [{ header: 'case' }, { header: 'req/s' }],
      [
        ['REST GET', '640'],
        ['  ↳ bare Fastify', '32,100'],
      ],
    );
    expect(table.split('\n')).toEqual([
      'case               req/s',
      '----------------  ------',
      'REST GET             640',
      '  ↳ bare Fastify  32,100',
    ]);
  });

  it('formats rates and latencies with the digits that matter', () => {
    expect(formatRate(32_100.4)).toBe('32,100');
    expect(formatRate(84.23)).toBe('84.2');
    expect(formatRate(4.012)).toBe('4.01');
    expect(formatMs(Number.POSITIVE_INFINITY)).toBe('> timeout');
    expect(formatMs(Number.NaN)).toBe('–');
  });

  it('says met or NOT MET with the figures behind each target', () => {
    const base = {
      name: 'REST GET vs bare Fastify',
      kind: 'at least' as const,
      threshold: 0.12,
      detail: '640 vs 32,100',
    };
    expect(formatTargetLine({ ...base, value: 0.02 })).toBe(
      'NOT MET  REST GET vs bare Fastify: 0.020 (target ≥ 0.12) — 640 vs 32,100',
    );
    expect(formatTargetLine({ ...base, value: 0.5 })).toMatch(/^met {6}REST GET/);
    // A figure just short of its threshold never reads as the threshold itself.
    expect(formatTargetLine({ ...base, value: 0.1167 })).toBe(
      'NOT MET  REST GET vs bare Fastify: 0.117 (target ≥ 0.12) — 640 vs 32,100',
    );
    expect(formatTargetLine({ ...base, value: 0.1203 })).toMatch(
      /^met {6}REST GET vs bare Fastify: 0\.12 \(/,
    );
    expect(
      formatTargetLine({
        name: 'p99',
        kind: 'at most',
        threshold: 250,
        value: 250.4,
        unit: ' ms',
        detail: 'd',
      }),
    ).toBe('NOT MET  p99: 250.4 ms (target ≤ 250 ms) — d');
    expect(
      formatTargetLine({
        name: 'p99',
        kind: 'at most',
        threshold: 250,
        value: 120,
        unit: ' ms',
        detail: 'd',
      }),
    ).toBe('met      p99: 120 ms (target ≤ 250 ms) — d');
  });
});
