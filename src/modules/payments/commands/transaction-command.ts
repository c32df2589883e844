import type { Actor } from '../../../platform/auth/actor.ts';
import type { OrderView } from '../../orders/index.ts';
import type { PaymentDeps } from '../deps.ts';

/**
 * A merchant's command on one transaction of one of its orders, with the request's body, answering the order
 * (authenticate a card transaction, play the acquirer's late answer in a test project).
 */
export type TransactionCommand = (
  deps: PaymentDeps,
  actor: Actor,
  orderId: string,
  transactionId: string,
  body: unknown,
) => Promise<OrderView>;
