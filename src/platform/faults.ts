import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The test-only fault hook of the crash tests (test/reliability/), read once when the process starts and only
 * under NODE_ENV=test; everywhere else `crashPoint` is one comparison, and no hook is registered.
 *
 * - `GATEWAY_CRASH_AT=<point>,…`: the process kills itself with SIGKILL at the first named point any request
 *   reaches, as an operator's `kill -9` or the kernel's out-of-memory killer would: no handler runs, no
 *   transaction commits, no response leaves.
 * - `GATEWAY_CRASH_MODE=park`: each request names its own points in the `x-gateway-crash-at` header; reaching
 *   one, it stops there for good (nothing after the point ever runs for it: no commit, no response) and the
 *   process writes `crash point <name> parked` to stderr. The test SIGKILLs the process once every request it
 *   sent is parked, so one process's death covers many crash points (one per request), each request dying
 *   exactly at its own.
 *
 * The points, by money operation (each name says where it stands: before or after a phase commits, before or
 * after the acquirer call):
 * - refund: `refund.before-prepare-commit`, `refund.after-prepare`, `refund.after-acquirer`,
 *   `refund.after-record` (the outcome committed, the response not yet stored);
 * - capture and void: `capture.after-acquirer`, `capture.after-commit`, `void.after-acquirer`, `void.after-commit`;
 * - an authorization (authenticate, one-click create, wallet execute, the hosted card form):
 *   `authorize.after-acquirer` (the acquirer answered, our transaction not committed), `authorize.after-commit`
 *   (authenticate, one-click create), `wallet.after-commit`;
 * - the hosted card form (a payment link's order too): `card-form.after-attempt` (phase 1 committed: the attempt
 *   and its card, nothing asked yet), `card-form.after-commit` (phase 2 committed, the redirect unsent);
 * - vault store: `vault.after-commit`; a payment link's create: `payment-link.after-commit`; a signing secret's
 *   rotation: `webhook-signing.after-commit`; an API key's create or roll: `api-key.after-commit`; a user's
 *   invitation: `user.after-commit`; an order's update (`PUT`, a cancel): `order-update.after-commit`;
 * - chargeback and reversal simulations: `chargeback.after-commit`, `reversal.after-commit`;
 * - the 3-D Secure challenge timeout's sweep (no request: `GATEWAY_CRASH_AT` only):
 *   `challenge-expiry.before-commit` (the expiry written, not committed), `challenge-expiry.after-commit`;
 * - any acquirer call, once its effect is booked: `acquirer.after-effect`.
 */
const TESTING = process.env.NODE_ENV === 'test';
const KILL_AT: ReadonlySet<string> = TESTING ? pointsIn(process.env.GATEWAY_CRASH_AT) : new Set();
const PARKS = TESTING && process.env.GATEWAY_CRASH_MODE === 'park';
const ACTIVE = KILL_AT.size > 0 || PARKS;

/** The header naming a request's own crash points (`GATEWAY_CRASH_MODE=park` only). */
export const CRASH_AT_HEADER = 'x-gateway-crash-at';
const requestPoints = new AsyncLocalStorage<ReadonlySet<string>>();

/** Dies (or parks for good) here if the tests named `point`; nothing otherwise. Await it: a parked request never goes on. */
export function crashPoint(point: string): Promise<never> | undefined {
  if (!ACTIVE) return undefined;
  if (PARKS && requestPoints.getStore()?.has(point)) {
    process.stderr.write(`crash point ${point} parked\n`);
    return new Promise<never>(() => {});
  }
  if (KILL_AT.has(point)) {
    process.stderr.write(`crash point ${point}: killing the process\n`);
    process.kill(process.pid, 'SIGKILL');
  }
  return undefined;
}

/**
 * Under `GATEWAY_CRASH_MODE=park`, the `onRequest` hook that runs each request with the crash points its header
 * names; null otherwise (no hook at all).
 */
export function requestCrashPointsHook():
  | ((request: { headers: Record<string, unknown> }, reply: unknown, done: () => void) => void)
  | null {
  if (!PARKS) return null;
  return (request, _reply, done) => {
    const named = request.headers[CRASH_AT_HEADER];
    if (typeof named !== 'string') return done();
    requestPoints.run(pointsIn(named), done);
  };
}

function pointsIn(list: string | undefined): ReadonlySet<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((point) => point.trim())
      .filter(Boolean),
  );
}
