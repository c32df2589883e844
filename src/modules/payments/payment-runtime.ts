import type { Logger } from 'pino';
import type { AppConfig } from '../../config/index.ts';
import { DomainError } from '../../platform/errors/domain-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Acquirer } from './acquirer/acquirer.ts';
import { createSimulatorAcquirer } from './acquirer/simulator.ts';

/**
 * What card payment commands need beyond `deps` (database, clock, configuration): the job queue for their
 * timers and a logger for best-effort work after commit. Commands receive `deps.config`, and GraphQL resolvers
 * have no services, so the runtime is found through the configuration object of the running app; two apps in
 * one process (tests) each have their own.
 */
export interface PaymentRuntime {
  jobs: JobQueue;
  logger: Logger;
}

const runtimes = new WeakMap<AppConfig, PaymentRuntime>();

/** Called once per app when its routes are registered. */
export function bindPaymentRuntime(config: AppConfig, runtime: PaymentRuntime): void {
  runtimes.set(config, runtime);
}

export function paymentRuntimeFor(config: AppConfig): PaymentRuntime | null {
  return runtimes.get(config) ?? null;
}

/**
 * Test projects (orders flagged `is-test`) pay through the deterministic simulator. Live projects have no
 * acquirer connection in this build, so their card payments are refused (422 `acquirer_not_configured`) rather
 * than pretending to move real money.
 */
export function findAcquirerFor(order: { flags: string[] }, now: () => Date): Acquirer | null {
  return order.flags.includes('is-test') ? createSimulatorAcquirer({ now }) : null;
}

export function acquirerFor(order: { flags: string[] }, now: () => Date): Acquirer {
  const acquirer = findAcquirerFor(order, now);
  if (!acquirer) {
    throw new DomainError(
      'unprocessable',
      'acquirer_not_configured',
      'Card payments of live projects need an acquirer connection, and none is configured; use a test project',
    );
  }
  return acquirer;
}
