/** A small closed-loop load generator: `concurrency` workers send `total` requests back to back. */
export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export async function runLoad(
  name: string,
  total: number,
  concurrency: number,
  send: (i: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const ok = await send(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return {
    name,
    requests: total,
    failures,
    seconds,
    perSecond: total / seconds,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
  };
}

export function printResults(results: LoadResult[]): void {
  const rows = results.map((r) =>
    [
      r.name.padEnd(34),
      String(r.requests).padStart(6),
      String(r.failures).padStart(5),
      r.perSecond.toFixed(0).padStart(8),
      r.p50.toFixed(1).padStart(7),
      r.p95.toFixed(1).padStart(7),
      r.p99.toFixed(1).padStart(7),
    ].join(' '),
  );
  process.stdout.write(
    `${['benchmark'.padEnd(34), '  reqs', ' fail', '   req/s', 'p50 ms', ' p95 ms', ' p99 ms'].join(' ')}\n${rows.join('\n')}\n`,
  );
}
