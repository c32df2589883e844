import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SecurityConfig } from '../../config/security.ts';
import { DomainError, withoutStack } from '../errors/domain-error.ts';
import { apiKeyCredentialOf } from './authentication.ts';
import { WindowCounter, type WindowVerdict } from './window-counter.ts';

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
 * Rate limits with @fastify/rate-limit's counters (its in-memory store, asked synchronously: window-counter.ts),
 * in this process's memory (each process counts its own traffic: behind a load balancer with N processes a
 * client gets up to N times the limit):
 * - every request with credentials (an API key, or a portal session cookie): `perCredential` per minute and key
 *   or session;
 * - refused authentications (any 401): `authFailures` per minute and client address, after which that address
 *   gets 429 for the rest of the window without its credentials being looked at;
 * - sign-in attempts: `signInPerAddress` per address and `signInPerEmail` per e-mail address per window;
 * - the hosted pages' form posts (`/pay/…`, `/redirect/…`) and payment link opens (`GET /link/…`, each may
 *   create an order): `pageForms` per minute and client address.
 * A refusal is 429 `rate_limited` with `Retry-After` (seconds) and the usual error body (a page on pages).
 */
export function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  options: { sessionCookieName: string },
): void {
  const perCredential = new WindowCounter(settings.perCredential, MINUTE);
  const authFailures = new WindowCounter(settings.authFailures, MINUTE);
  const pageForms = new WindowCounter(settings.pageForms, MINUTE);
  const signInByAddress = new WindowCounter(settings.signInPerAddress, settings.signInWindowMs);
  const signInByEmail = new WindowCounter(settings.signInPerEmail, settings.signInWindowMs);

  app.decorate('limitSignIn', async (request: FastifyRequest, reply: FastifyReply, email: string | null) => {
    if (!settings.enabled) return;
    refuseWhenExceeded(reply, signInByAddress.hit(request.ip));
    if (email) refuseWhenExceeded(reply, signInByEmail.hit(`email:${email}`));
  });
  if (!settings.enabled) return;

  // Plain hooks: every request passes them, and none of them waits for anything.
  app.addHook('onRequest', (request, reply, done) => {
    const failures = authFailures.peek(request.ip);
    if (failures.full) return done(tooMany(reply, failures.retryAfterSeconds));
    const credential = credentialKey(request, options.sessionCookieName);
    if (credential) return done(verdictError(reply, perCredential.hit(credential)));
    if (
      (request.method === 'POST' &&
        (request.url.startsWith('/pay/') || request.url.startsWith('/redirect/'))) ||
      (request.method === 'GET' && request.url.startsWith('/link/'))
    ) {
      return done(verdictError(reply, pageForms.hit(request.ip)));
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 401) authFailures.hit(request.ip);
    done();
  });
}

function refuseWhenExceeded(reply: FastifyReply, verdict: WindowVerdict): void {
  const error = verdictError(reply, verdict);
  if (error) throw error;
}

/** The 429 for an exceeded window (its `Retry-After` set on the reply), else undefined. */
function verdictError(reply: FastifyReply, verdict: WindowVerdict): DomainError | undefined {
  return verdict.exceeded ? tooMany(reply, verdict.retryAfterSeconds) : undefined;
}

function tooMany(reply: FastifyReply, seconds: number): DomainError {
  reply.header('retry-after', String(seconds));
  return withoutStack(
    () =>
      new DomainError('rate_limited', 'rate_limited', `Too many requests: retry after ${seconds} second(s)`),
  );
}

/** The credential a request carries (hashed: counters never hold secrets), or null. */
function credentialKey(request: FastifyRequest, sessionCookieName: string): string | null {
  const authorization = request.headers.authorization;
  if (authorization) {
    // An API key is counted by the digest authentication looks it up by (worked out once per request).
    const apiKey = apiKeyCredentialOf(request);
    return `key:${apiKey ? apiKey.keyHash : hash('sha256', authorization, 'base64url')}`;
  }
  const cookie = request.headers.cookie;
  if (cookie?.includes(sessionCookieName)) {
    return `session:${hash('sha256', cookie, 'base64url')}`;
  }
  return null;
}
