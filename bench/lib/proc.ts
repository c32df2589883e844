import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time and memory of a measured server from Linux's /proc, read from outside the server so the figures
 * cost it nothing. A server's "tree" is the process and its descendants (e.g. WEB_CONCURRENCY workers) minus
 * PostgreSQL: the embedded database runs as children of `npm start`, and its CPU is reported apart.
 */
export interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime of the process itself, in clock ticks. */
  cpuTicks: number;
  /** cutime + cstime: CPU of its children that have exited and been waited for. */
  exitedChildrenCpuTicks: number;
  rssPages: number;
}

/** Parses one /proc/<pid>/stat line. The command name may hold spaces and parentheses: split at the last ')'. */
export function parseStat(line: string): ProcStat {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  const fields = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  // fields[0] is field 3 of proc(5) (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17, rss 24.
  return {
    pid: Number(line.slice(0, open).trim()),
    comm: line.slice(open + 1, close),
    ppid: Number(fields[1]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
    exitedChildrenCpuTicks: Number(fields[13]) + Number(fields[14]),
    rssPages: Number(fields[21]),
  };
}

export interface TreeUsage {
  /** The server: root and every descendant that is not PostgreSQL. */
  server: { cpuTicks: number; rssPages: number; pids: number[] };
  /** PostgreSQL processes under the root (the embedded database), with their own descendants. */
  database: { cpuTicks: number; rssPages: number; pids: number[] };
}

const isDatabase = (process: ProcStat) => process.comm === 'postgres' || process.comm.startsWith('postgres:');

/** Splits the tree under `rootPid` into server and database shares. Pure: takes a snapshot of the process table. */
export function summariseTree(processes: readonly ProcStat[], rootPid: number): TreeUsage {
  const children = new Map<number, ProcStat[]>();
  for (const process of processes) {
    const siblings = children.get(process.ppid) ?? [];
    siblings.push(process);
    children.set(process.ppid, siblings);
  }
  const usage: TreeUsage = {
    server: { cpuTicks: 0, rssPages: 0, pids: [] },
    database: { cpuTicks: 0, rssPages: 0, pids: [] },
  };
  const root = processes.find((process) => process.pid === rootPid);
  if (!root) return usage;
  const visit = (process: ProcStat, inDatabase: boolean) => {
    const share = inDatabase || isDatabase(process) ? usage.database : usage.server;
    share.cpuTicks += process.cpuTicks;
    // PostgreSQL ends backends all the time (closed connections); their CPU then shows in the postmaster's
    // cutime/cstime, so the database's count never goes backwards. The server's own exited children are left
    // out: its only children are the database and long-lived workers.
    if (share === usage.database) share.cpuTicks += process.exitedChildrenCpuTicks;
    share.rssPages += process.rssPages;
    share.pids.push(process.pid);
    for (const child of children.get(process.pid) ?? []) visit(child, share === usage.database);
  };
  visit(root, false);
  return usage;
}

/** A snapshot of every readable process. Processes that exit while we read are skipped. */
export function readProcessTable(): ProcStat[] {
  const table: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      table.push(parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8')));
    } catch {
      // Gone between readdir and read, or not ours to read.
    }
  }
  return table;
}

export function readTreeUsage(rootPid: number): TreeUsage {
  return summariseTree(readProcessTable(), rootPid);
}

const confs = new Map<string, number>();
/** A getconf value, asked once; `fallback` where getconf is missing. */
function getconf(name: string, fallback: number): number {
  let value = confs.get(name);
  if (value === undefined) {
    try {
      value = Number(execFileSync('getconf', [name], { encoding: 'utf8' }).trim()) || fallback;
    } catch {
      value = fallback;
    }
    confs.set(name, value);
  }
  return value;
}

/** USER_HZ, the unit of /proc's CPU times (almost always 100). */
export const clockTicksPerSecond = () => getconf('CLK_TCK', 100);
export const pageSize = () => getconf('PAGESIZE', 4096);

/** CPU milliseconds between two readings. */
export function cpuMsBetween(before: { cpuTicks: number }, after: { cpuTicks: number }): number {
  return ((after.cpuTicks - before.cpuTicks) * 1000) / clockTicksPerSecond();
}

export const rssMiB = (share: { rssPages: number }) => (share.rssPages * pageSize()) / 1024 / 1024;

/**
 * Samples the server tree's RSS every `intervalMs` until stopped; `peak` is the highest total seen. /proc's
 * VmHWM would be simpler but only covers one process and cannot be reset between phases.
 */
export function sampleRss(
  rootPid: number,
  intervalMs = 100,
): { stop(): { peakMiB: number; lastMiB: number } } {
  let peakMiB = rssMiB(readTreeUsage(rootPid).server);
  let lastMiB = peakMiB;
  const timer = setInterval(() => {
    lastMiB = rssMiB(readTreeUsage(rootPid).server);
    peakMiB = Math.max(peakMiB, lastMiB);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      lastMiB = rssMiB(readTreeUsage(rootPid).server);
      return { peakMiB: Math.max(peakMiB, lastMiB), lastMiB };
    },
  };
}
