import http from 'node:http';
import https from 'node:https';

/**
 * Keep-alive connections for webhook attempts, one agent per checked target: the scheme, the host name, the
 * port and the exact addresses the attempt's own check allowed. A connection is therefore only ever reused
 * by an attempt whose check allowed the very address it is connected to: a name that rebinds to another
 * address gets another agent (and its check first), and a project whose policy refuses the address never
 * reaches the agent at all. Reusing saves each attempt a TCP (and TLS) handshake and its close.
 *
 * An idle connection is closed by the receiver sooner or later; Node's agent honours the receiver's
 * `Keep-Alive: timeout` hint (less a second) and otherwise closes it after IDLE_MS. A request that still meets
 * a connection closing under it is sent again on a new one (http-post.ts, `reusedSocket`).
 */

/** How long an idle connection is kept when the receiver gives no `Keep-Alive: timeout` hint. */
const IDLE_MS = 4_000;
/** Targets whose agents are kept; the least recently used one is dropped past this. */
const MAX_TARGETS = 256;

const agents = new Map<string, http.Agent>();

export function keptConnectionsFor(target: {
  secure: boolean;
  hostname: string;
  port: string | number;
  addresses: readonly { address: string }[];
}): http.Agent {
  const key = [
    target.secure ? 'https' : 'http',
    target.hostname,
    target.port,
    ...target.addresses.map(({ address }) => address),
  ].join(' ');
  let agent = agents.get(key);
  if (agent) {
    // Most recently used last.
    agents.delete(key);
  } else {
    const options = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' as const };
    agent = target.secure ? new https.Agent(options) : new http.Agent(options);
    if (agents.size >= MAX_TARGETS) {
      const [oldestKey, oldest] = agents.entries().next().value!;
      agents.delete(oldestKey);
      // Idle connections only: a request in flight keeps its own and ends normally.
      for (const sockets of Object.values(oldest.freeSockets))
        for (const socket of sockets ?? []) socket.destroy();
    }
  }
  agents.set(key, agent);
  return agent;
}
