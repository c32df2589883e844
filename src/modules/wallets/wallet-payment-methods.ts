import type { PaymentMethodHandler } from '../orders/index.ts';
import { checkOneClickDetails } from '../payments/index.ts';

/**
 * Wallets A and B: a transaction gets a setup token for the wallet's token call (spec 4.8, 4.9), and is paid
 * later through execute-payment with the card the token stored; nothing runs at order creation.
 */
function walletPaymentMethod(id: 'wallet-a-pay' | 'wallet-b-pay'): PaymentMethodHandler {
  return {
    id,
    issuesSetupToken: true,
    authorizesCard: true,
    checkDetails: (details, field) => checkOneClickDetails(id, details, field),
  };
}

export const walletAPaymentMethod = walletPaymentMethod('wallet-a-pay');
export const walletBPaymentMethod = walletPaymentMethod('wallet-b-pay');
