import { z } from 'zod';
import { exactDurationMs } from '../platform/validation/duration.ts';

/**
 * Settings of merchant sessions, the credential cache, GraphQL limits and rate limits (README sections "Users,
 * roles and sessions", "GraphQL limits" and "Rate limits"). Part of the one configuration schema.
 */

const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const ms = exactDurationMs(value);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive ISO 8601 duration such as PT30M' });
        return z.NEVER;
      }
      return ms;
    });

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const securityEnvShape = {
  SESSION_IDLE_TIMEOUT: duration('PT30M'),
  SESSION_MAX_LIFETIME: duration('PT12H'),
  CREDENTIAL_CACHE_TTL_SECONDS: count(0, 3600, 30),
  CREDENTIAL_CACHE_SIZE: count(1, 1_000_000, 10_000),
  SOCKET_RECHECK_INTERVAL_SECONDS: count(1, 3600, 30),
  GRAPHQL_MAX_DEPTH: count(1, 100, 10),
  GRAPHQL_MAX_ALIASES: count(0, 1000, 15),
  GRAPHQL_MAX_TOKENS: count(10, 100_000, 3000),
  GRAPHQL_MAX_DIRECTIVES: count(0, 1000, 50),
  GRAPHQL_MAX_COST: count(1, 10_000_000, 10_000),
  GRAPHQL_COST_MAXIMUM_AVAILABLE: count(0, 1_000_000_000, 2000),
  GRAPHQL_COST_RESTORE_RATE: count(1, 1_000_000_000, 100),
  GRAPHQL_TRUSTED_DOCUMENTS: z.enum(['browsers', 'all', 'off']).default('browsers'),
  RATE_LIMIT_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .transform((value) => value === 'true' || value === '1')
    .default(true),
  RATE_LIMIT_PER_CREDENTIAL: count(1, 100_000_000, 600_000),
  RATE_LIMIT_AUTH_FAILURES: count(1, 100_000_000, 100),
  RATE_LIMIT_SIGN_IN_PER_ADDRESS: count(1, 1_000_000, 50),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: count(1, 1_000_000, 100),
  RATE_LIMIT_SIGN_IN_FAILURES_PER_PAIR: count(1, 1_000_000, 5),
  RATE_LIMIT_SIGN_IN_SLOWDOWN_AFTER: count(0, 1_000_000, 10),
  RATE_LIMIT_SIGN_IN_MAX_DELAY: duration('PT10S'),
  RATE_LIMIT_SIGN_IN_WINDOW: duration('PT15M'),
  RATE_LIMIT_PAGE_FORMS: count(1, 1_000_000, 120),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
};

type SecurityEnv = { [K in keyof typeof securityEnvShape]: z.output<(typeof securityEnvShape)[K]> };

export interface SecurityConfig {
  /**
   * How long a client has to send a whole request, headers and body, once it began (platform/http/server.ts):
   * past it the connection is answered 408 and closed, so a client that trickles its bytes cannot hold a
   * connection (and its memory) for ever.
   */
  requestTimeoutMs: number;
  sessions: {
    /** A session unused this long ends (milliseconds). */
    idleTimeoutMs: number;
    /** A session ends this long after sign-in, used or not (milliseconds). */
    maxLifetimeMs: number;
  };
  credentialCache: {
    /** How long a resolved key or session (or an unknown one) is trusted without asking the database. */
    ttlMs: number;
    /** Entries kept per process (known and unknown credentials each). */
    size: number;
  };
  /** How often open WebSockets are checked against their credential besides the revocation notices. */
  socketRecheckIntervalMs: number;
  graphqlLimits: {
    maxDepth: number;
    maxAliases: number;
    maxTokens: number;
    maxDirectives: number;
    maxCost: number;
  };
  /** Each project's leaky bucket of GraphQL cost points (platform/limits/cost-budget.ts). */
  graphqlCostBudget: {
    /** Points a full bucket holds, the most one operation may cost; 0 turns the budget off. */
    maximumAvailable: number;
    /** Points restored per second. */
    restoreRate: number;
  };
  /** Who may execute only the portal's trusted documents (platform/graphql/trusted-documents.ts). */
  graphqlTrustedDocuments: 'browsers' | 'all' | 'off';
  rateLimits: {
    enabled: boolean;
    /** Requests per minute per API key or session. */
    perCredential: number;
    /** Refused authentications (401) per minute per client address. */
    authFailures: number;
    /** Sign-in attempts per client address (any e-mail address) per window. */
    signInPerAddress: number;
    /** Failed sign-ins per (client address, e-mail address) per window: past it, that pair gets 429. */
    signInFailuresPerPair: number;
    /**
     * Failed sign-ins per e-mail address (from every address) per window: past it, only addresses without a
     * failure in the window are heard, after `signInMaxDelayMs`.
     */
    signInFailuresPerEmail: number;
    /** Failed sign-ins per e-mail address from which every sign-in for it is slowed down. */
    signInSlowdownAfter: number;
    /** The longest a sign-in is slowed down (milliseconds). */
    signInMaxDelayMs: number;
    /** The window of the sign-in limits (milliseconds). */
    signInWindowMs: number;
    /** Hosted page form posts per minute per client address. */
    pageForms: number;
  };
}

export function securityConfigFrom(raw: SecurityEnv): SecurityConfig {
  return {
    requestTimeoutMs: Math.round(raw.REQUEST_TIMEOUT_SECONDS * 1000),
    sessions: { idleTimeoutMs: raw.SESSION_IDLE_TIMEOUT, maxLifetimeMs: raw.SESSION_MAX_LIFETIME },
    credentialCache: { ttlMs: raw.CREDENTIAL_CACHE_TTL_SECONDS * 1000, size: raw.CREDENTIAL_CACHE_SIZE },
    socketRecheckIntervalMs: raw.SOCKET_RECHECK_INTERVAL_SECONDS * 1000,
    graphqlLimits: {
      maxDepth: raw.GRAPHQL_MAX_DEPTH,
      maxAliases: raw.GRAPHQL_MAX_ALIASES,
      maxTokens: raw.GRAPHQL_MAX_TOKENS,
      maxDirectives: raw.GRAPHQL_MAX_DIRECTIVES,
      maxCost: raw.GRAPHQL_MAX_COST,
    },
    graphqlCostBudget: {
      maximumAvailable: raw.GRAPHQL_COST_MAXIMUM_AVAILABLE,
      restoreRate: raw.GRAPHQL_COST_RESTORE_RATE,
    },
    graphqlTrustedDocuments: raw.GRAPHQL_TRUSTED_DOCUMENTS,
    rateLimits: {
      enabled: raw.RATE_LIMIT_ENABLED,
      perCredential: raw.RATE_LIMIT_PER_CREDENTIAL,
      authFailures: raw.RATE_LIMIT_AUTH_FAILURES,
      signInPerAddress: raw.RATE_LIMIT_SIGN_IN_PER_ADDRESS,
      signInFailuresPerPair: raw.RATE_LIMIT_SIGN_IN_FAILURES_PER_PAIR,
      signInFailuresPerEmail: raw.RATE_LIMIT_SIGN_IN_PER_EMAIL,
      signInSlowdownAfter: raw.RATE_LIMIT_SIGN_IN_SLOWDOWN_AFTER,
      signInMaxDelayMs: raw.RATE_LIMIT_SIGN_IN_MAX_DELAY,
      signInWindowMs: raw.RATE_LIMIT_SIGN_IN_WINDOW,
      pageForms: raw.RATE_LIMIT_PAGE_FORMS,
    },
  };
}
