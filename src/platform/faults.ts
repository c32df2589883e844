/**
 * The test-only fault hook of the crash tests (test/reliability/): `GATEWAY_CRASH_AT` names crash points
 * (comma-separated, e.g. `refund.after-acquirer`), read once when the process starts and only under
 * NODE_ENV=test. When the code reaches a named point the process kills itself with SIGKILL, as an operator's
 * `kill -9` or the kernel's out-of-memory killer would: no handler runs, no transaction commits, no response
 * leaves. Everywhere else `crashPoint` is a lookup in an empty set.
 *
 * The points, by money operation (each name says where it stands: before or after a phase commits, before or
 * after the acquirer call):
 * - refund: `refund.before-prepare-commit`, `refund.after-prepare`, `refund.after-acquirer`,
 *   `refund.after-record` (the outcome committed, the response not yet stored);
 * - capture and void: `capture.after-acquirer`, `capture.after-commit`, `void.after-acquirer`, `void.after-commit`;
 * - an authorization (authenticate, one-click create, wallet execute, hosted card form, payment link):
 *   `authorize.after-acquirer`, `authorize.after-commit`;
 * - vault store: `vault.after-commit`;
 * - any acquirer call, once its effect is booked: `acquirer.after-effect`.
 */
const CRASH_POINTS: ReadonlySet<string> =
  process.env.NODE_ENV === 'test'
    ? new Set(
        (process.env.GATEWAY_CRASH_AT ?? '')
          .split(',')
          .map((point) => point.trim())
          .filter(Boolean),
      )
    : new Set();

/** Kills this process at once (SIGKILL) if the tests named `point`; a no-op otherwise. */
export function crashPoint(point: string): void {
  if (CRASH_POINTS.size === 0 || !CRASH_POINTS.has(point)) return;
  process.stderr.write(`crash point ${point}: killing the process\n`);
  process.kill(process.pid, 'SIGKILL');
}
