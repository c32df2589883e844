import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityConfig } from '../../config/security.ts';
import { type Actor, principalId } from '../auth/actor.ts';
import { RateLimitedError, withoutStack } from '../errors/domain-error.ts';
import type { SharedWindowLimits, WindowVerdict } from '../limits/window-limits.ts';

/** Limits per minute (sign-in: per `signInWindowMs`); configuration RATE_LIMIT_*. */
export type RateLimitSettings = SecurityConfig['rateLimits'];

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Before a sign-in is checked: throws the 429 when this address has tried too often, or has failed too often
     * for this e-mail address; waits (the slowdown) when the e-mail address is under attack.
     */
    limitSignIn(request: FastifyRequest, reply: FastifyReply, email: string | null): Promise<void>;
    /**
     * After a sign-in failed, before it is answered: counts it for the address, the e-mail address and the pair
     * (near a limit, once the shared counters have it: the next attempt, from any process, sees it).
     */
    signInFailed(request: FastifyRequest, email: string): Promise<void>;
    /**
     * Counts a request of an authenticated caller in its credential's bucket: null while within the limit, else
     * the 429 to throw (a promise when the shared count had to be asked). Chosen after the credential is checked,
     * so a made-up credential is never a bucket of its own.
     */
    limitCredential(actor: Actor): RateLimitedError | null | Promise<RateLimitedError | null>;
    /**
     * Counts a refused authentication of the request's address before the 401 is sent: null when counted at
     * once, else a promise that resolves once the shared counters have it (near the limit), so the next
     * request, in any process, sees it. A 401 not counted this way is counted once answered.
     */
    countAuthFailure(request: FastifyRequest): Promise<void> | null;
  }
}

const kCounted: unique symbol = Symbol('auth failure counted');
type Counted = FastifyRequest & { [kCounted]?: true };

const MINUTE = 60_000;

/**
 * Rate limits on counters every server process shares (platform/limits: PostgreSQL, with a cache in front),
 * each bucket chosen by what was checked, never by what a request merely claims:
 * - a caller whose key or session was checked: `perCredential` per minute and key or session;
 * - refused authentications (any 401): `authFailures` per minute and client address, after which that address
 *   gets 429 for the rest of the window without its credentials being looked at;
 * - the hosted pages' form posts (`/pay/…`, `/redirect/…`) and payment link opens (`GET /link/…`, each may
 *   create an order): `pageForms` per minute and client address, whatever headers the request carries;
 * - sign-in: `signInPerAddress` attempts per address, `signInFailuresPerPair` failures per (address, e-mail)
 *   and, for an e-mail address under attack from many addresses, a slowdown from `signInSlowdownAfter`
 *   failures and a ceiling of `signInFailuresPerEmail` past which only addresses without failures are heard
 *   (after `signInMaxDelayMs`): nobody can lock a person out, and guessing stays slow from any number of addresses.
 * A refusal is 429 `rate_limited` with `Retry-After` (seconds) and the usual error body (a page on pages).
 */
export function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  limits: SharedWindowLimits,
): void {
  const perCredential = limits.limit('credential', settings.perCredential, MINUTE);
  const authFailures = limits.limit('auth-failures', settings.authFailures, MINUTE);
  const pageForms = limits.limit('page-forms', settings.pageForms, MINUTE);
  const window = settings.signInWindowMs;
  const signInByAddress = limits.limit('sign-in', settings.signInPerAddress, window);
  const failuresByPair = limits.limit('sign-in-pair-failures', settings.signInFailuresPerPair, window);
  const failuresByEmail = limits.limit('sign-in-email-failures', settings.signInFailuresPerEmail, window);
  // "An address with no recent failures": any failed sign-in from it in the window, whatever the e-mail.
  const failuresByAddress = limits.limit('sign-in-address-failures', 1, window);

  app.decorate('limitSignIn', async (request: FastifyRequest, reply: FastifyReply, email: string | null) => {
    if (!settings.enabled) return;
    refuseWhenExceeded(reply, await signInByAddress.hit(request.ip));
    if (!email) return;
    const mailbox = emailKey(email);
    const pair = await failuresByPair.peek(`${request.ip}|${mailbox}`);
    if (pair.full) throw tooMany(reply, pair.retryAfterSeconds);
    const failures = await failuresByEmail.peek(mailbox);
    if (failures.full) {
      // Past the ceiling only an address that has not failed lately is heard, and after the longest delay.
      const address = await failuresByAddress.peek(request.ip, { exact: true });
      if (address.full) throw tooMany(reply, failures.retryAfterSeconds);
    }
    const delay = signInDelayMs(failures.total, settings);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  });
  app.decorate('signInFailed', async (request: FastifyRequest, email: string) => {
    if (!settings.enabled) return;
    const mailbox = emailKey(email);
    await Promise.all([
      failuresByPair.hit(`${request.ip}|${mailbox}`),
      failuresByEmail.hit(mailbox),
      failuresByAddress.hit(request.ip),
    ]);
  });
  app.decorate('limitCredential', (actor: Actor) => {
    if (!settings.enabled) return null;
    const verdict = perCredential.hit(`${actor.principal.kind}:${principalId(actor.principal)}`);
    return verdict instanceof Promise ? verdict.then(credentialRefusal) : credentialRefusal(verdict);
  });
  app.decorate('countAuthFailure', (request: FastifyRequest) => {
    if (!settings.enabled || (request as Counted)[kCounted]) return null;
    (request as Counted)[kCounted] = true;
    const verdict = authFailures.hit(request.ip);
    return verdict instanceof Promise ? verdict.then(() => undefined) : null;
  });
  if (!settings.enabled) return;

  // Plain hooks: a request far from every limit passes them without waiting for anything.
  app.addHook('onRequest', (request, reply, done) => {
    const limitPage = () => {
      if (!isPageForm(request)) {
        done();
        return;
      }
      const verdict = pageForms.hit(request.ip);
      if (verdict instanceof Promise) verdict.then((answer) => done(verdictError(reply, answer)), done);
      else done(verdictError(reply, verdict));
    };
    const failures = authFailures.peek(request.ip);
    if (failures instanceof Promise) {
      failures.then((verdict) => {
        if (verdict.full) done(tooMany(reply, verdict.retryAfterSeconds));
        else limitPage();
      }, done);
    } else if (failures.full) done(tooMany(reply, failures.retryAfterSeconds));
    else limitPage();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 401 && !(request as Counted)[kCounted]) authFailures.record(request.ip);
    done();
  });
}

/**
 * The hosted pages' posts and the payment link opens: each may create an order or try a card, and none needs a
 * credential, so they are counted per address whatever the request carries.
 */
function isPageForm(request: FastifyRequest): boolean {
  const url = request.url;
  return request.method === 'POST'
    ? url.startsWith('/pay/') || url.startsWith('/redirect/')
    : request.method === 'GET' && url.startsWith('/link/');
}

/**
 * How long a sign-in for an e-mail address waits once it has failed `failures` times in the window: nothing
 * below `signInSlowdownAfter`, then a quarter of a second doubling every ten failures, up to `signInMaxDelayMs`
 * (always the maximum past the ceiling).
 */
export function signInDelayMs(failures: number, settings: RateLimitSettings): number {
  if (failures < settings.signInSlowdownAfter) return 0;
  if (failures >= settings.signInFailuresPerEmail) return settings.signInMaxDelayMs;
  const doubled = 250 * 2 ** ((failures - settings.signInSlowdownAfter) / 10);
  return Math.min(settings.signInMaxDelayMs, Math.round(doubled));
}

/** E-mail addresses are counted by their digest: the shared counters hold no address a person typed. */
function emailKey(email: string): string {
  return hash('sha256', email.trim().toLowerCase(), 'base64url');
}

function refuseWhenExceeded(reply: FastifyReply, verdict: WindowVerdict): void {
  const error = verdictError(reply, verdict);
  if (error) throw error;
}

/** The 429 for an exceeded window (its `Retry-After` set on the reply), else undefined. */
function verdictError(reply: FastifyReply, verdict: WindowVerdict): RateLimitedError | undefined {
  return verdict.exceeded ? tooMany(reply, verdict.retryAfterSeconds) : undefined;
}

function tooMany(reply: FastifyReply, seconds: number): RateLimitedError {
  reply.header('retry-after', String(seconds));
  return rateLimited(seconds);
}

function credentialRefusal(verdict: WindowVerdict): RateLimitedError | null {
  return verdict.exceeded ? rateLimited(verdict.retryAfterSeconds) : null;
}

function rateLimited(seconds: number): RateLimitedError {
  return withoutStack(() => new RateLimitedError(seconds));
}
