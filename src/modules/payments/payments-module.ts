import type { FastifyInstance } from 'fastify';
import { pathPrefixOf } from '../../config/index.ts';
import { Db } from '../../platform/db/orm.ts';
import type { AppServices } from '../../services.ts';
import { addIsoDuration } from '../orders/duration.ts';
import { vaultRoutes } from '../vault/rest/vault-routes.ts';
import { vaultCipherFor } from '../vault/vault-keys.ts';
import { bindPaymentRuntime } from './payment-runtime.ts';
import { paymentRoutes } from './rest/payment-routes.ts';
import { releaseAuthorizationIfDue, releaseOverdueAuthorizations } from './timers/authorization-release.ts';
import { expireOrderIfDue, expireOverdueOrders } from './timers/order-expiry.ts';
import {
  AUTHORIZATION_RELEASE_QUEUE,
  type AuthorizationReleaseJob,
  definePaymentQueues,
  ORDER_EXPIRY_QUEUE,
  type OrderExpiryJob,
  scheduleAuthorizationRelease,
  scheduleOrderExpiry,
} from './timers/timer-queues.ts';

/**
 * Card payments' HTTP faces: the vault (under the path of TOKEN_VAULT_URL) and authenticate / captures / voids.
 * The customer's payment page is served by the hosted-pages module over this module's commands. Also binds the
 * job queue for timers and checks the vault keys at start.
 */
export async function registerCardPaymentRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  vaultCipherFor(services.config);
  if (!addIsoDuration(new Date(), services.config.authorizationCapturePeriod)) {
    throw new Error('AUTHORIZATION_CAPTURE_PERIOD must be a positive ISO 8601 duration such as P7D');
  }
  await definePaymentQueues(services.jobs);
  bindPaymentRuntime(services.config, { jobs: services.jobs, logger: services.logger });
  await app.register(vaultRoutes, { prefix: pathPrefixOf(services.config.tokenVaultUrl) });
  await app.register(paymentRoutes);
}

/**
 * The timer workers, then a catch-up sweep: whatever fell due while no worker ran (or whose job was lost
 * between commit and send) is expired or released now. Every timer that fires sweeps as well.
 */
export async function registerCardPaymentWorkers(services: AppServices): Promise<void> {
  const { jobs, logger, now } = services;
  const db = () => Db.fork(services.orm);
  await definePaymentQueues(jobs);
  // A worker-only process (`npm run worker`) registers no routes: bind here too, for re-armed timers.
  bindPaymentRuntime(services.config, { jobs, logger });

  await jobs.work<OrderExpiryJob>(ORDER_EXPIRY_QUEUE, async ({ data }) => {
    const outcome = await expireOrderIfDue(db(), now, data.orderId);
    if (outcome.kind === 'not_due') {
      await scheduleOrderExpiry(services.config, { id: data.orderId, expiresAt: outcome.expiresAt });
    }
    await expireOverdueOrders(db(), now);
  });
  await jobs.work<AuthorizationReleaseJob>(AUTHORIZATION_RELEASE_QUEUE, async ({ data }) => {
    const outcome = await releaseAuthorizationIfDue(db(), now, data.transactionId, logger);
    if (outcome.kind === 'not_due') {
      await scheduleAuthorizationRelease(services.config, data.transactionId, outcome.capturableUntil);
    }
    await releaseOverdueAuthorizations(db(), now, logger);
  });

  try {
    const expired = await expireOverdueOrders(db(), now);
    const released = await releaseOverdueAuthorizations(db(), now, logger);
    if (expired || released) logger.info({ expired, released }, 'caught up on overdue payment timers');
  } catch (error) {
    // The timers and the next start sweep again; a failing sweep must not keep the service down.
    logger.error({ err: error }, 'payment timer sweep failed');
  }
}
