import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route-contract.ts';
import { executeWalletPayment, type WalletPaymentResult } from '../commands/execute-wallet-payment.ts';
import { executeWalletAPaymentContract, executeWalletBPaymentContract } from './wallet-contracts.ts';

/** Spec 4.12: the answer of both execute-payment calls. */
function present(result: WalletPaymentResult) {
  return { is_successful: result.isSuccessful, redirect_url: result.redirectUrl, reason: result.reason };
}

/**
 * Spec 4.10 and 4.11, no `Authorization` header: the order id, the transaction id and a vault token stored for
 * that transaction are the caller's handle. The merchant sends the customer to `redirect_url`, then confirms
 * the payment by retrieving the order (4.2).
 */
export async function walletPayRoutes(app: FastifyInstance): Promise<void> {
  route(app, executeWalletAPaymentContract, async (request) => {
    const { orderId, transactionId } = request.params;
    const target = { method: 'wallet-a-pay' as const, orderId, transactionId, projectId: null };
    return present(await executeWalletPayment(request.deps, target, request.body ?? {}));
  });

  route(app, executeWalletBPaymentContract, async (request) => {
    const { orderId, transactionId } = request.params;
    const target = { method: 'wallet-b-pay' as const, orderId, transactionId, projectId: null };
    return present(await executeWalletPayment(request.deps, target, request.body ?? {}));
  });
}
