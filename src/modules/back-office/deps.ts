import type { Deps } from '../../platform/deps.ts';
import type { PaymentMethodCatalog } from '../orders/payment-methods.ts';
import type { AcquirerDirectory } from '../payments/acquirer/acquirer-directory.ts';

/** Refunds go to the acquirer that took the payment, with the refund method of the payment's method. */
export interface BackOfficeDeps extends Deps {
  acquirers: AcquirerDirectory;
  paymentMethods: Pick<PaymentMethodCatalog, 'refundMethodOf'>;
}
