import { notFound } from '../../platform/errors/domain-error.ts';
import {
  commonError,
  commonErrorEntries,
  type ErrorTable,
  errorsOf,
} from '../../platform/errors/error-table.ts';
import type { ErrorContract } from '../../platform/http/route-contract.ts';

/**
 * The orders module's codes with their kinds: its errors below and its REST contracts' error lists are built
 * from here. The last two are refusals a payment method gives when an order is created (the card handler's,
 * payments/errors.ts builds them): the create-order contract lists them, and orders stand below payments.
 */
export const ORDER_ERRORS = {
  setup_token_used: 'conflict',
  setup_token_expired: 'gone',
  transaction_not_open: 'conflict',
  bank_not_connected: 'unprocessable',
  order_final: 'conflict',
  order_not_updatable: 'conflict',
  order_has_payment: 'conflict',
  payment_in_progress: 'conflict',
  invalid_transition: 'conflict',
  acquirer_not_configured: 'unprocessable',
  first_transaction_not_completed: 'conflict',
} as const satisfies ErrorTable;

export const orderErrors = errorsOf(ORDER_ERRORS);
const { error } = orderErrors;

/** A REST contract's entry for one of the orders module's codes: `orderErrorEntries.order_final(when)`. */
export const orderErrorEntries = orderErrors.entries;

/** Refusals of the setup token (setup-token.ts), the same from the vault and both wallets' token calls. */

export const setupTokenNotFound = () => notFound('Setup token', 'setup_token');

export const setupTokenUsed = () =>
  error('setup_token_used', 'setup_token: has already been used', 'setup_token');

export const setupTokenExpired = (validitySeconds: number) =>
  error(
    'setup_token_expired',
    `setup_token: expired ${validitySeconds} seconds after the order was created`,
    'setup_token',
  );

export const transactionNotWaitingForCard = () =>
  error(
    'transaction_not_open',
    'setup_token: its transaction is no longer waiting for a card',
    'setup_token',
  );

/** A bank-redirect method (iDEAL) in a project mode it has no bank connection for (live: out of scope so far). */
export const bankNotConnected = (method: string, mode: string) =>
  error(
    'bank_not_connected',
    `'${method}' has no bank connection for ${mode} projects yet; use a test project, or another method`,
    'transactions.0.payment_method',
  );

/** `PUT /v1/orders/{order_id}/` (update-order.ts): what cannot change. */
export const orderFinal = (status: string) =>
  error('order_final', `The order is '${status}', which is final: it can no longer be changed`);

export const orderNotUpdatable = (kind: string) =>
  error('order_not_updatable', `A ${kind} order cannot be changed`);

export const paymentInProgress = () =>
  error(
    'payment_in_progress',
    'A payment of the order is being decided by the acquirer or the bank and cannot be called off: cancel once it is answered',
  );

export const orderHasPayment = () =>
  error('order_has_payment', 'The order has an accepted payment and cannot be cancelled: refund it instead');

/** `GET /v1/orders/`: orders are not listed, they are searched. */
export const noOrderList = () =>
  commonError(
    'not_found',
    'There is no list of orders at GET /v1/orders/: search them with POST /v1/search/orders/ ' +
      '(a query such as "status:completed", or * for every order), or read one with GET /v1/orders/{order_id}/',
  );

/** The setup token's refusals, as the contracts of the vault and wallet token calls document them. */
export const SETUP_TOKEN_ERRORS: readonly ErrorContract[] = [
  commonErrorEntries.not_found(
    'No such setup token (or transaction) in your project',
    'Setup token not found',
  ),
  orderErrorEntries.setup_token_used('The setup token was used already: it works once'),
  orderErrorEntries.transaction_not_open(
    'The transaction is no longer waiting for a card (paid, failed, or its order ended)',
  ),
  orderErrorEntries.setup_token_expired(
    'The setup token is valid 300 seconds after the order was created',
    'setup_token: expired 300 seconds after the order was created',
  ),
];
