import type { WorkerHost } from '../module.ts';

/**
 * Runs a completer (issue 32: a worker that finishes money operations a dead request left mid-way) in a
 * process with background work: one round every half of the grace period (at least every 100 ms, at most
 * every 5 s), never two at once; a failed round (the database away) is logged and tried again next time.
 */
export function runCompleter(
  host: Pick<WorkerHost, 'deps' | 'onShutdown'>,
  name: string,
  round: () => Promise<unknown>,
): void {
  const { deps } = host;
  const graceMs = deps.config.operations.completerGraceMs;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await round();
    } catch (error) {
      deps.logger.warn({ err: error, completer: name }, 'completer round failed; trying again next round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.max(100, Math.min(5000, graceMs / 2)));
  timer.unref();
  host.onShutdown(async () => clearInterval(timer));
}
