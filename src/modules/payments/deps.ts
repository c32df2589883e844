import type { Deps } from '../../platform/deps.ts';
import type { OutboxConsumers, PaymentMethodCatalog } from '../orders/index.ts';
import type { VaultDeps } from '../vault/index.ts';
import type { AcquirerDirectory } from './acquirer/acquirer-directory.ts';

/**
 * What card payment commands need beyond the base: who moves the money, the vault's keyring, and which
 * methods pay through a card authorization (the registry).
 */
export interface PaymentDeps extends Deps, VaultDeps {
  acquirers: AcquirerDirectory;
  paymentMethods: PaymentMethodCatalog;
  /** Who decides how an order write's outbox rows are written (webhooks: which become deliveries). */
  outboxConsumers: OutboxConsumers;
}
