import { z } from 'zod';
import { exactDurationMs } from '../platform/validation/duration.ts';
import { isHttpUrl } from '../platform/validation/http-url.ts';
import { type FeeConfig, feeEnvShape } from './fees.ts';
import { type OperationsConfig, operationsConfigFrom, operationsEnvShape } from './operations.ts';
import { type SecurityConfig, securityConfigFrom, securityEnvShape } from './security.ts';
import { checkWalletEnv, type WalletConfig, walletConfigFrom, walletEnvShape } from './wallets.ts';

/**
 * Environment configuration, parsed once at start-up. A bad value stops the process with every problem listed,
 * so an operator fixes them all in one go instead of one per restart.
 */

const httpUrl = z
  .string()
  .refine(isHttpUrl, 'must be an absolute http(s) URL')
  .transform((value) => value.replace(/\/+$/, ''));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    BASE_URL: httpUrl.optional(),
    TOKEN_VAULT_URL: httpUrl.optional(),
    WALLET_B_TOKEN_URL: httpUrl.optional(),
    MERCHANT_PORTAL_URL: httpUrl.optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    GRAPHQL_DEBUG: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    VAULT_ENCRYPTION_KEYS: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]+)*$/,
        'must be "keyId:base64Key[,keyId:base64Key...]"',
      )
      .optional(),
    // The HMAC key of idempotency fingerprints (platform/http/idempotency-secret.ts).
    IDEMPOTENCY_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters, e.g. the output of `openssl rand -base64 32`')
      .optional(),
    ORDER_DEFAULT_EXPIRATION: z.string().regex(/^P/, 'must be an ISO 8601 duration').default('PT1H'),
    AUTHORIZATION_CAPTURE_PERIOD: z.string().regex(/^P/, 'must be an ISO 8601 duration').default('P7D'),
    // How long a 3-D Secure challenge waits for the customer (EMV 3-DS challenge windows are 5 to 10 minutes).
    THREE_D_SECURE_CHALLENGE_TIMEOUT: z
      .string()
      .default('PT10M')
      .transform((value, ctx) => {
        const ms = exactDurationMs(value);
        if (ms === null) {
          ctx.addIssue({ code: 'custom', message: 'must be a positive ISO 8601 duration such as PT10M' });
          return z.NEVER;
        }
        return ms;
      }),
    JOBS_ENABLED: booleanFlag.default(true),
    JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    // Webhooks (spec part 6): retry interval, timeouts and attempt limit, the spec values by default.
    WEBHOOK_RETRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    WEBHOOK_FIRST_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(4000),
    WEBHOOK_RETRY_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
    // Unset: test projects may post to loopback outside production only (a receiver on the developer's machine).
    WEBHOOK_TEST_PROJECTS_LOOPBACK: booleanFlag.optional(),
    // Delivery workers (README "Delivery workers, throughput and fairness"). A slot is held from the claim to
    // the record (HTTP round trip + one cycle statement, ~20 ms on a loaded 2-core machine): a project's 500
    // webhooks/s need 10+ in flight (Little's law), so 32; the total keeps the 1 : 8 ratio, so one project's
    // dead endpoint still holds at most an eighth of a process's slots.
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(256),
    WEBHOOK_PROJECT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
    OUTBOX_SWEEP_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(10),
    // Events feed (README "Events feed"): retention, and how far a subscriber may fall behind.
    EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    SUBSCRIPTION_MAX_BEHIND: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    // Wallets A and B (the README section Wallets A and B): file paths of certificates, keys and root keys.
    ...walletEnvShape,
    // Sessions, the credential cache, GraphQL limits, rate limits (src/config/security.ts).
    ...securityEnvShape,
    // Migrations at start, processes, metrics, the read replica, draining (src/config/operations.ts).
    ...operationsEnvShape,
    // The fee schedule (src/config/fees.ts, README "Settlement and fees").
    ...feeEnvShape,
  })
  .superRefine((env, ctx) => {
    checkWalletEnv(env, ctx);
    if (env.NODE_ENV === 'production' && !env.VAULT_ENCRYPTION_KEYS) {
      ctx.addIssue({ code: 'custom', path: ['VAULT_ENCRYPTION_KEYS'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.IDEMPOTENCY_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['IDEMPOTENCY_SECRET'], message: 'is required in production' });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface AppConfig {
  env: RawConfig['NODE_ENV'];
  host: string;
  port: number;
  /** The spec's {base_url}; derived from HOST and PORT when unset. */
  baseUrl: string;
  /** The spec's {token_vault_url}; by default served by this process under /vault. */
  tokenVaultUrl: string;
  /** The spec's {wallet_b_token_url}; by default served by this process under /wallet-b. */
  walletBTokenUrl: string;
  /** The spec's {merchant_portal_url}. */
  merchantPortalUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPostgresPort: number;
  logLevel: RawConfig['LOG_LEVEL'];
  /** Stack traces in GraphQL error responses (development only; never in production). */
  graphqlDebug: boolean;
  vaultEncryptionKeys: string | undefined;
  /** HMAC key of idempotency fingerprints; unset outside production means a generated one under DATA_DIR. */
  idempotencySecret: string | undefined;
  orderDefaultExpiration: string;
  /** How long a pre-authorization (`capture_mode: manual`) may be captured before it is released. */
  authorizationCapturePeriod: string;
  /** How long a 3-D Secure challenge waits for its answer before its transaction expires (milliseconds). */
  threeDSecureChallengeTimeoutMs: number;
  /** Run background workers (expiry, webhooks) in this process. */
  jobsEnabled: boolean;
  jobPollIntervalSeconds: number;
  webhooks: WebhookConfig;
  /** How often the outbox relay sweeps for rows a missed notification left behind. */
  outboxSweepIntervalSeconds: number;
  events: EventsConfig;
  /** Wallet A and B certificates, keys and identifiers (file paths; the README section Wallets A and B). */
  wallets: WalletConfig;
  /** Sessions, the credential cache, GraphQL limits and rate limits. */
  security: SecurityConfig;
  /** Migrations at start, processes, metrics, the read replica, draining (docs/operations.md). */
  operations: OperationsConfig;
  /** Fees per project, payment method and brand (src/config/fees.ts). */
  fees: FeeConfig;
}

export interface WebhookConfig {
  retryIntervalSeconds: number;
  /** Connect and read timeout of the first attempt, and of every retry. */
  firstTimeoutMs: number;
  retryTimeoutMs: number;
  /** Delivery stops after this many failed attempts. */
  maxAttempts: number;
  /** Development setting: any project may target http, loopback and private addresses. */
  allowPrivateTargets: boolean;
  /** Test projects may target loopback addresses (default: outside production only). */
  testProjectsLoopback: boolean;
  /** Attempts one worker process makes at once, all projects together. */
  concurrency: number;
  /** Attempts of one project in flight at once, across every process. */
  projectConcurrency: number;
}

export interface EventsConfig {
  /** Events older than this are purged (and no longer readable or replayable). */
  retentionDays: number;
  /** Events a subscriber may have waiting before its socket is closed with 4008 (it resumes with afterEvent). */
  subscriptionMaxBehind: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parses the environment; throws ConfigError listing every problem. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means unset, as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = result.data;
  const baseUrl = raw.BASE_URL ?? `http://${raw.HOST === '0.0.0.0' ? 'localhost' : raw.HOST}:${raw.PORT}`;
  return {
    env: raw.NODE_ENV,
    host: raw.HOST,
    port: raw.PORT,
    baseUrl,
    tokenVaultUrl: raw.TOKEN_VAULT_URL ?? `${baseUrl}/vault`,
    walletBTokenUrl: raw.WALLET_B_TOKEN_URL ?? `${baseUrl}/wallet-b`,
    merchantPortalUrl: raw.MERCHANT_PORTAL_URL ?? `${baseUrl}/portal`,
    databaseUrl: raw.DATABASE_URL,
    dataDir: raw.DATA_DIR,
    embeddedPostgresPort: raw.EMBEDDED_POSTGRES_PORT,
    logLevel: raw.LOG_LEVEL,
    graphqlDebug: raw.GRAPHQL_DEBUG,
    vaultEncryptionKeys: raw.VAULT_ENCRYPTION_KEYS,
    idempotencySecret: raw.IDEMPOTENCY_SECRET,
    orderDefaultExpiration: raw.ORDER_DEFAULT_EXPIRATION,
    authorizationCapturePeriod: raw.AUTHORIZATION_CAPTURE_PERIOD,
    threeDSecureChallengeTimeoutMs: raw.THREE_D_SECURE_CHALLENGE_TIMEOUT,
    jobsEnabled: raw.JOBS_ENABLED,
    jobPollIntervalSeconds: raw.JOB_POLL_INTERVAL_SECONDS,
    webhooks: {
      retryIntervalSeconds: raw.WEBHOOK_RETRY_INTERVAL_SECONDS,
      firstTimeoutMs: raw.WEBHOOK_FIRST_TIMEOUT_MS,
      retryTimeoutMs: raw.WEBHOOK_RETRY_TIMEOUT_MS,
      maxAttempts: raw.WEBHOOK_MAX_ATTEMPTS,
      allowPrivateTargets: raw.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      testProjectsLoopback: raw.WEBHOOK_TEST_PROJECTS_LOOPBACK ?? raw.NODE_ENV !== 'production',
      concurrency: raw.WEBHOOK_CONCURRENCY,
      projectConcurrency: raw.WEBHOOK_PROJECT_CONCURRENCY,
    },
    outboxSweepIntervalSeconds: raw.OUTBOX_SWEEP_INTERVAL_SECONDS,
    events: {
      retentionDays: raw.EVENTS_RETENTION_DAYS,
      subscriptionMaxBehind: raw.SUBSCRIPTION_MAX_BEHIND,
    },
    wallets: walletConfigFrom(raw),
    security: securityConfigFrom(raw),
    operations: operationsConfigFrom(raw),
    fees: raw.FEE_SCHEDULE,
  };
}

/** The path part of a configured URL, used to mount a face (vault, wallet B) under this process. */
export function pathPrefixOf(url: string): string {
  return new URL(url).pathname.replace(/\/+$/, '');
}
