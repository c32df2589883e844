import type { Deps } from '../../platform/deps.ts';
import type { PaymentMethodCatalog } from '../orders/index.ts';

/**
 * What project commands need: units of work, the configuration, and the registered payment methods (a new
 * project has them all active). Nothing more, so the CLI runs them without the job queue or any payment service.
 */
export interface ProjectDeps extends Pick<Deps, 'db' | 'config'> {
  paymentMethods: Pick<PaymentMethodCatalog, 'ids'>;
}
