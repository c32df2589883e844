import { DomainError } from '../../platform/errors/domain-error.ts';
import type { ErrorContract } from '../../platform/http/route-contract.ts';

/** Refusals of the setup token (setup-token.ts), the same from the vault and both wallets' token calls. */

export const setupTokenNotFound = () =>
  new DomainError('not_found', 'not_found', 'Setup token not found', 'setup_token');

export const setupTokenUsed = () =>
  new DomainError('conflict', 'setup_token_used', 'setup_token: has already been used', 'setup_token');

export const setupTokenExpired = (validitySeconds: number) =>
  new DomainError(
    'gone',
    'setup_token_expired',
    `setup_token: expired ${validitySeconds} seconds after the order was created`,
    'setup_token',
  );

export const transactionNotWaitingForCard = () =>
  new DomainError(
    'conflict',
    'transaction_not_open',
    'setup_token: its transaction is no longer waiting for a card',
    'setup_token',
  );

/** A bank-redirect method (iDEAL) in a project mode it has no bank connection for (live: out of scope so far). */
export const bankNotConnected = (method: string, mode: string) =>
  new DomainError(
    'unprocessable',
    'bank_not_connected',
    `'${method}' has no bank connection for ${mode} projects yet; use a test project, or another method`,
    'transactions.0.payment_method',
  );

/** `PUT /v1/orders/{order_id}/` (update-order.ts): what cannot change. */
export const orderFinal = (status: string) =>
  new DomainError(
    'conflict',
    'order_final',
    `The order is '${status}', which is final: it can no longer be changed`,
  );

export const orderNotUpdatable = (kind: string) =>
  new DomainError('conflict', 'order_not_updatable', `A ${kind} order cannot be changed`);

export const orderHasPayment = () =>
  new DomainError(
    'conflict',
    'order_has_payment',
    'The order has an accepted payment and cannot be cancelled: refund it instead',
  );

/** `GET /v1/orders/`: orders are not listed, they are searched. */
export const noOrderList = () =>
  new DomainError(
    'not_found',
    'not_found',
    'There is no list of orders at GET /v1/orders/: search them with POST /v1/search/orders/ ' +
      '(a query such as "status:completed", or * for every order), or read one with GET /v1/orders/{order_id}/',
  );

/** The setup token's refusals, as the contracts of the vault and wallet token calls document them. */
export const SETUP_TOKEN_ERRORS: readonly ErrorContract[] = [
  {
    status: 404,
    type: 'not_found',
    when: 'No such setup token (or transaction) in your project',
    value: 'Setup token not found',
  },
  { status: 409, type: 'setup_token_used', when: 'The setup token was used already: it works once' },
  {
    status: 409,
    type: 'transaction_not_open',
    when: 'The transaction is no longer waiting for a card (paid, failed, or its order ended)',
  },
  {
    status: 410,
    type: 'setup_token_expired',
    when: 'The setup token is valid 300 seconds after the order was created',
    value: 'setup_token: expired 300 seconds after the order was created',
  },
];
