/**
 * How a reference server tells the bench where it listens: an IPC message when started by the bench, and a
 * line on stdout for a person running it by hand (`node --experimental-strip-types bench/references/…`).
 */
export function announce(url: string): void {
  process.send?.({ type: 'listening', url });
  process.stdout.write(`listening ${url}\n`);
}

/** Reference servers stop on SIGTERM/SIGINT like the project server does. */
export function stopOn(close: () => Promise<unknown>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      close().finally(() => process.exit(0));
    });
  }
}
