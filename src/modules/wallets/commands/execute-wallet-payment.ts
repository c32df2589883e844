import { notFound } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import type { Order, OrderView, Transaction } from '../../orders/index.ts';
import {
  customerReturnUrl,
  isFinalOrderStatus,
  OrderChanges,
  OrderRepository,
  OrderWriteRepository,
  orderUrl,
} from '../../orders/index.ts';
import type { AcquirerReason, AuthorizationKind } from '../../payments/index.ts';
import {
  authorizationKindOf,
  authorizationSetting,
  authorizeCard,
  vaultTokenNotFound,
} from '../../payments/index.ts';
import { VaultCardRepository } from '../../vault/index.ts';
import type { WalletDeps } from '../deps.ts';
import { walletPaymentNotPayable, walletTransactionNotFound } from '../errors.ts';
import { withWalletAuthentication } from '../wallet-acquirer.ts';
import type { WalletMethod } from '../wallet-card-storage.ts';
import { parseWalletPaymentInput } from './wallet-payment-input.ts';

/**
 * `reason` of spec 4.12: `none` on success, `authentication_required` when the issuer asks for a 3-D Secure
 * challenge (a `PAN_ONLY` card; the customer goes to `redirect_url`), otherwise the acquirer's decline or
 * error reason. The same values as a card transaction's `reason`.
 */
export type WalletPaymentReason = AcquirerReason;

export interface WalletPaymentResult {
  isSuccessful: boolean;
  redirectUrl: string;
  reason: WalletPaymentReason;
  /** The order after the attempt (GraphQL shows it; REST answers 4.12 only). */
  view: OrderView;
}

export interface WalletPaymentTarget {
  method: WalletMethod;
  orderId: string;
  transactionId: string;
  /** The caller's project when known (GraphQL); the customer-facing REST call has none. */
  projectId: string | null;
}

/**
 * Spec 4.10 / 4.11: pays a wallet transaction with the card its token (or the merchant, 4.16) stored in the
 * vault. The order id, transaction id and a vault token of that very transaction are the caller's handle.
 * With a cryptogram the wallet has authenticated the cardholder, so no challenge is asked for; without one
 * (`PAN_ONLY`) it is a plain card payment, which the issuer may challenge. A decline is an answer
 * (`is_successful: false`), not an error.
 *
 * One phase, one database transaction under the order's lock with the acquirer call inside (the transaction
 * exists before it, so its id is the acquirer's reference on every retry). A process that dies before the
 * commit leaves the transaction `new`: a retry authorizes again under the same id and the acquirer answers its
 * first outcome (no second hold). After the commit, a retry with the request's Idempotency-Key (GraphQL)
 * answers what was recorded (recovery point `wallet_paid`); one without (the customer-facing REST calls) is
 * refused 409 `transaction_not_payable` and the order shows the payment.
 */
export async function executeWalletPayment(
  deps: WalletDeps,
  target: WalletPaymentTarget,
  body: unknown,
): Promise<WalletPaymentResult> {
  const input = parseWalletPaymentInput(target.method, body);
  const { authentication } = input;
  const operation = operationOf(deps);
  if (operation.recovered?.point === 'wallet_paid') return presentPaid(deps, target);
  const result = await deps.db.transaction(async (uow) => {
    const writes = new OrderWriteRepository(uow);
    const orders = new OrderChanges();
    const locked = await writes.lockOrderRows(target.projectId, target.orderId, orders);
    if (!locked) throw notFound('Order', 'order_id');
    const { order, transactions } = locked;
    const transaction = transactions.find(
      (t) => t.id === target.transactionId && t.paymentMethod === target.method,
    );
    if (!transaction) throw walletTransactionNotFound();
    if (transaction.status !== 'new' || isFinalOrderStatus(order.status)) {
      throw walletPaymentNotPayable(`it is already ${transaction.status}`);
    }
    const card = await new VaultCardRepository(uow).findById(input.vaultToken);
    if (!card || card.transactionId !== transaction.id || card.orderId !== order.id) {
      throw vaultTokenNotFound(target.method === 'wallet-a-pay' ? 'vault_token' : 'vaultToken');
    }

    const setting = authorizationSetting(deps, { uow, orders }, order);
    // An approved pre-authorization gets its release timer inside this unit of work (authorizeCard).
    const outcome = await authorizeCard(
      { ...setting, acquirer: withWalletAuthentication(setting.acquirer, authentication) },
      {
        order,
        transactions,
        transaction,
        card,
        // The cryptogram is the wallet's own cardholder authentication, done before the call.
        threeDSecure: authentication.cryptogram ? 'external' : 'none',
      },
    );
    await writes.save(orders);
    await operation.record(uow, 'wallet_paid', { orderId: order.id });
    return {
      ...answerOf(order, transaction, outcome.kind, deps.config.baseUrl),
      view: await new OrderRepository(uow).loadView(order),
    };
  });
  await crashPoint('wallet.after-commit');
  return result;
}

/** The answer of a wallet payment that committed, for a retry of the request whose answer was lost. */
function presentPaid(deps: WalletDeps, target: WalletPaymentTarget): Promise<WalletPaymentResult> {
  return deps.db.read(async (uow) => {
    const orders = new OrderRepository(uow);
    // A key (and so a recovery point) comes with an API key: the caller's project is known.
    const order = target.projectId ? await orders.findOrder(target.projectId, target.orderId) : null;
    const transaction = order ? await orders.findTransaction(order.id, target.transactionId) : null;
    if (!order || !transaction) throw walletTransactionNotFound();
    const kind = authorizationKindOf(transaction.status);
    return { ...answerOf(order, transaction, kind, deps.config.baseUrl), view: await orders.loadView(order) };
  });
}

function answerOf(
  order: Order,
  transaction: Transaction,
  kind: AuthorizationKind,
  baseUrl: string,
): Omit<WalletPaymentResult, 'view'> {
  if (kind === 'pending') {
    // Not failed: the acquirer answers later. The order page shows the payment in progress meanwhile.
    return { isSuccessful: false, redirectUrl: orderUrl(baseUrl, order.id), reason: 'none' };
  }
  if (kind === 'challenge_required') {
    return {
      isSuccessful: false,
      redirectUrl: transaction.paymentUrl ?? orderUrl(baseUrl, order.id),
      reason: 'authentication_required',
    };
  }
  const succeeded = kind === 'approved';
  return {
    isSuccessful: succeeded,
    // Without a return_url / failure_url the customer goes to the order's own page, the service's result page.
    redirectUrl: customerReturnUrl(order, succeeded) ?? orderUrl(baseUrl, order.id),
    reason: succeeded ? 'none' : ((transaction.reason as WalletPaymentReason | null) ?? 'processor_error'),
  };
}
