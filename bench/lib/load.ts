import type { LoadResult, LoadSpec } from '../load/autocannon-child.ts';
import { cpuMsBetween, readTreeUsage, type TreeUsage } from './proc.ts';
import { ask, startScript, stopChild } from './processes.ts';

export type { LoadResult, LoadSpec };

/** One measurement: the generator's figures plus the measured server's CPU per completed unit. */
export interface Measurement extends LoadResult {
  /** Server CPU (the measured process tree without PostgreSQL) per unit, in ms. */
  cpuMsPerUnit: number;
  /** PostgreSQL CPU per unit in ms, when the measured process runs the database as its children. */
  dbMsPerUnit: number;
}

/**
 * Runs one autocannon measurement in its own process against a server whose process tree is `serverPid`.
 * CPU counters are read after the generator has loaded and right when it reports, so start-up is excluded.
 * `databasePid` names a PostgreSQL to charge as database CPU when it is not under `serverPid` (references that
 * use the project's database).
 */
export async function measure(spec: LoadSpec, serverPid: number, databasePid?: number): Promise<Measurement> {
  const generator = startScript('bench/load/autocannon-child.ts', { label: 'autocannon' });
  try {
    await ask(generator, { type: 'run', spec }, 'ready');
    const before = usage(serverPid, databasePid);
    const { result: load } = await ask<{ result: LoadResult }>(generator, { type: 'go' }, 'result');
    const after = usage(serverPid, databasePid);
    const units = Math.max(1, load.units);
    return {
      ...load,
      cpuMsPerUnit: cpuMsBetween(before.server, after.server) / units,
      dbMsPerUnit: cpuMsBetween(before.database, after.database) / units,
    };
  } finally {
    await stopChild(generator, 2_000);
  }
}

function usage(serverPid: number, databasePid?: number): TreeUsage {
  const tree = readTreeUsage(serverPid);
  if (databasePid === undefined) return tree;
  return { server: tree.server, database: readTreeUsage(databasePid).database };
}
