import type { Deps } from '../../platform/deps.ts';
import type { PaymentMethodCatalog } from '../orders/index.ts';
import type { AcquirerDirectory } from '../payments/index.ts';

/** Refunds go to the acquirer that took the payment, with the refund method of the payment's method. */
export interface BackOfficeDeps extends Deps {
  acquirers: AcquirerDirectory;
  paymentMethods: Pick<PaymentMethodCatalog, 'refundMethodOf'>;
}
