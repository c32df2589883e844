import type { Logger } from 'pino';
import type { AppConfig } from './config/index.ts';
import { auditWriter } from './modules/audit/audit-writer.ts';
import type { BackOfficeDeps } from './modules/back-office/deps.ts';
import { sealCursorsWith } from './modules/events/cursor.ts';
import type { EventFeed } from './modules/events/event-feed.ts';
import { idealPaymentMethod } from './modules/ideal/ideal-payment-method.ts';
import { Credentials } from './modules/identity/credentials.ts';
import type { IdentityDeps } from './modules/identity/deps.ts';
import type { PasswordHashingCost } from './modules/identity/password.ts';
import { OutboxConsumers } from './modules/orders/outbox-consumers.ts';
import { PaymentMethodRegistry } from './modules/orders/payment-methods.ts';
import { type RenderedOrderDeps, RenderedOrders } from './modules/orders/rendered-orders.ts';
import {
  type AcquirerDirectory,
  createAcquirerDirectory,
} from './modules/payments/acquirer/acquirer-directory.ts';
import { creditCardPaymentMethod } from './modules/payments/card-payment-method.ts';
import type { PaymentDeps } from './modules/payments/deps.ts';
import type { ProjectDeps } from './modules/projects/deps.ts';
import { loadVaultCipher } from './modules/vault/vault-keys.ts';
import type { WalletDeps } from './modules/wallets/deps.ts';
import { walletAPaymentMethod, walletBPaymentMethod } from './modules/wallets/wallet-payment-methods.ts';
import { createWalletServices, type WalletServiceOverrides } from './modules/wallets/wallet-services.ts';
import { statusChangeDeliveries } from './modules/webhooks/status-change-deliveries.repository.ts';
import { AuditTrail } from './platform/audit/audit-trail.ts';
import { Db } from './platform/db/db.ts';
import type { Orm } from './platform/db/orm.ts';
import type { Deps } from './platform/deps.ts';
import type { GraphQLContext } from './platform/graphql/context.ts';
import { loadIdempotencySecret } from './platform/http/idempotency-secret.ts';
import type { JobQueue } from './platform/jobs/job-queue.ts';
import type { CounterStore } from './platform/limits/counter-store.ts';
import { PgCounterStore } from './platform/limits/pg-counter-store.ts';
import type { PgListener } from './platform/pubsub/pg-listener.ts';

/** Long-lived services of one process (HTTP faces and background workers alike). */
export interface AppServices {
  config: AppConfig;
  orm: Orm;
  logger: Logger;
  now: () => Date;
  /** The durable job queue; jobs can be sent from any process, workers run where JOBS_ENABLED. */
  jobs: JobQueue;
  /** This process's one LISTEN connection; `outbox_events` wakes the webhook relay and subscriptions. */
  notifications: PgListener;
  /** Cleanup that `runtime.stop()` runs after HTTP has drained, before the job queue and database close. */
  onShutdown(hook: () => Promise<void>): void;
  /** Where this process is in its life: `draining` turns readiness to 503 as shutdown begins. */
  lifecycle: { draining: boolean };
  /** The read replica's ORM (DATABASE_READ_URL), or none. */
  replica?: Orm | null;
}

/**
 * What every request, GraphQL operation and job receives: one object that satisfies every module's deps
 * interface, built once at start by `buildDeps`. A request gets it with its own logger (`request.deps`).
 */
export interface AppDeps
  extends Deps,
    ProjectDeps,
    IdentityDeps,
    PaymentDeps,
    WalletDeps,
    BackOfficeDeps,
    RenderedOrderDeps {
  paymentMethods: PaymentMethodRegistry<AppDeps>;
  /** Who decides how an order write's outbox rows are written (orders/outbox-consumers.ts). */
  outboxConsumers: OutboxConsumers;
  /**
   * Counters every process shares (rate limits; any budget that must hold across processes, e.g. a leaky
   * bucket per project): platform/limits/counter-store.ts.
   */
  counters: CounterStore;
}

/**
 * Every payment method, registered once (orders/payment-methods.ts): the order here is the order merchants,
 * projects and the hosted page see them in.
 */
export const paymentMethods = new PaymentMethodRegistry<AppDeps>([
  creditCardPaymentMethod,
  walletAPaymentMethod,
  walletBPaymentMethod,
  idealPaymentMethod,
]);

/** Replacements for tests, passed to `startRuntime`: never configuration, only code can set them. */
export interface ServiceOverrides {
  acquirers?: AcquirerDirectory;
  wallets?: WalletServiceOverrides;
  /** The argon2id cost of new password hashes (the tests' cheap one); never configurable in production. */
  passwordHashing?: PasswordHashingCost;
}

/** Builds every module's services once: a bad vault key or wallet key file stops the start here. */
export function buildDeps(services: AppServices, overrides: ServiceOverrides = {}): AppDeps {
  const { config, now, logger, jobs } = services;
  const db = new Db(services.orm, {
    replica: services.replica,
    logger,
    pipelinedReads: config.operations.databasePipelinedReads,
    batchedWrites: config.operations.databaseBatchedWrites,
  });
  // The first hook registered runs last: every other hook may still read.
  services.onShutdown(() => db.close());
  // The test acquirer keeps its books on connections of its own, as the remote system it stands for would.
  const acquirerBooks = db.dedicated(2);
  services.onShutdown(() => acquirerBooks.close());
  // Event cursors are sealed under the server secret every process shares (modules/events/cursor.ts).
  sealCursorsWith(loadIdempotencySecret(config));
  return {
    db,
    now,
    config,
    logger,
    jobs,
    paymentMethods,
    // Which outbox rows become webhook deliveries is the webhooks module's rule, plugged into order writes.
    outboxConsumers: new OutboxConsumers([statusChangeDeliveries(config.webhooks.maxAttempts)]),
    counters: new PgCounterStore(db),
    // Orders as REST and GraphQL rendered them, each served only while the order is still at its version.
    renderedOrders: new RenderedOrders({ bytes: 16 * 1024 * 1024, ttlMs: 10 * 60_000 }),
    audit: new AuditTrail({ writer: auditWriter(db), logger }),
    credentials: new Credentials({
      db,
      now,
      logger,
      security: config.security,
      notifications: services.notifications,
    }),
    acquirers: overrides.acquirers ?? createAcquirerDirectory({ now, db: acquirerBooks }),
    passwordHashing: overrides.passwordHashing,
    cipher: loadVaultCipher(config),
    wallets: createWalletServices(config, overrides.wallets),
  };
}

/** The context of every GraphQL operation (codegen types the resolvers with it: codegen.yml `contextType`). */
export type AppGraphQLContext = GraphQLContext<AppDeps, EventFeed>;

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's deps: the process's `AppDeps` with the request's logger. */
    deps: AppDeps;
  }
}
