import type { ChildProcess } from 'node:child_process';
import { nextMessage, startScript, stopChild } from './processes.ts';

/** A reference server of bench/references/ in its own process, started and stopped like the project server. */
export interface ReferenceServer {
  name: string;
  pid: number;
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startReference(
  name: string,
  script: string,
  env: Record<string, string> = {},
): Promise<ReferenceServer> {
  const child = startScript(script, { env, label: name });
  const { url } = await nextMessage<{ url: string }>(
    child,
    (message) => (message as { type: string }).type === 'listening',
    '"listening"',
  );
  return { name, pid: child.pid!, baseUrl: url, child, stop: () => stopChild(child, 5_000) };
}
