import { hash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityConfig } from '../../config/security.ts';
import { DomainError, withoutStack } from '../errors/domain-error.ts';

/** Limits per minute (sign-in: per `signInWindowMs`); configuration RATE_LIMIT_*. */
export type RateLimitSettings = SecurityConfig['rateLimits'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws the 429 when this address, or this e-mail address, has tried to sign in too often. */
    limitSignIn(request: FastifyRequest, reply: FastifyReply, email: string | null): Promise<void>;
  }
}

const MINUTE = 60_000;

/**
 * Rate limits with @fastify/rate-limit's counters, in this process's memory (each process counts its own
 * traffic: behind a load balancer with N processes a client gets up to N times the limit):
 * - every request with credentials (an API key, or a portal session cookie): `perCredential` per minute and key
 *   or session;
 * - refused authentications (any 401): `authFailures` per minute and client address, after which that address
 *   gets 429 for the rest of the window without its credentials being looked at;
 * - sign-in attempts: `signInPerAddress` per address and `signInPerEmail` per e-mail address per window;
 * - the hosted pages' form posts (`/pay/…`, `/redirect/…`) and payment link opens (`GET /link/…`, each may
 *   create an order): `pageForms` per minute and client address.
 * A refusal is 429 `rate_limited` with `Retry-After` (seconds) and the usual error body (a page on pages).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  options: { sessionCookieName: string },
): Promise<void> {
  await app.register(fastifyRateLimit, { global: false });
  const limiter = (max: number, timeWindow: number, keyGenerator: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator });
  const byAddress = (request: FastifyRequest) => request.ip;
  const perCredential = limiter(
    settings.perCredential,
    MINUTE,
    (request) => credentialKey(request, options.sessionCookieName)!,
  );
  const authFailures = limiter(settings.authFailures, MINUTE, byAddress);
  const pageForms = limiter(settings.pageForms, MINUTE, byAddress);
  const signInByAddress = limiter(settings.signInPerAddress, settings.signInWindowMs, byAddress);
  const emails = new WeakMap<FastifyRequest, string>();
  const signInByEmail = limiter(
    settings.signInPerEmail,
    settings.signInWindowMs,
    (request) => emails.get(request) ?? '',
  );

  app.decorate('limitSignIn', async (request: FastifyRequest, reply: FastifyReply, email: string | null) => {
    if (!settings.enabled) return;
    refuseWhenExceeded(reply, await signInByAddress(request));
    if (email) {
      emails.set(request, `email:${email}`);
      refuseWhenExceeded(reply, await signInByEmail(request));
    }
  });
  if (!settings.enabled) return;

  app.addHook('onRequest', async (request, reply) => {
    const failures = await authFailures(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0 && failures.ttl > 0) {
      throw tooMany(reply, failures.ttlInSeconds);
    }
    // Whether it carries credentials is told without hashing them: the limiter's key hashes them once.
    if (carriesCredential(request, options.sessionCookieName)) {
      refuseWhenExceeded(reply, await perCredential(request));
    } else if (
      (request.method === 'POST' &&
        (request.url.startsWith('/pay/') || request.url.startsWith('/redirect/'))) ||
      (request.method === 'GET' && request.url.startsWith('/link/'))
    ) {
      refuseWhenExceeded(reply, await pageForms(request));
    }
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode !== 401) return done();
    return authFailures(request).then(() => undefined);
  });
}

type Verdict = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

function refuseWhenExceeded(reply: FastifyReply, verdict: Verdict): void {
  if (!verdict.isAllowed && verdict.isExceeded) throw tooMany(reply, verdict.ttlInSeconds);
}

function tooMany(reply: FastifyReply, seconds: number): DomainError {
  reply.header('retry-after', String(Math.max(1, seconds)));
  return withoutStack(
    () =>
      new DomainError(
        'rate_limited',
        'rate_limited',
        `Too many requests: retry after ${Math.max(1, seconds)} second(s)`,
      ),
  );
}

/** Whether the request carries a credential: an Authorization header, or what may be a session cookie. */
function carriesCredential(request: FastifyRequest, sessionCookieName: string): boolean {
  return (
    Boolean(request.headers.authorization) || Boolean(request.headers.cookie?.includes(sessionCookieName))
  );
}

/** The credential a request carries (hashed: counters never hold secrets), or null. */
function credentialKey(request: FastifyRequest, sessionCookieName: string): string | null {
  const authorization = request.headers.authorization;
  if (authorization) return `key:${hash('sha256', authorization, 'base64url')}`;
  const cookie = request.headers.cookie;
  if (cookie?.includes(sessionCookieName)) {
    return `session:${hash('sha256', cookie, 'base64url')}`;
  }
  return null;
}
