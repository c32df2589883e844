import type { z } from 'zod';
import type { Actor } from '../../../platform/auth/actor.ts';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
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

/**
 * A `TransactionCommand` whose body is parsed by `schema` before anything else (a 400 naming the field when it
 * does not fit, nothing read or written): `run` receives the parsed input.
 */
export function transactionCommand<S extends z.ZodType>(
  schema: S,
  run: (
    deps: PaymentDeps,
    actor: Actor,
    orderId: string,
    transactionId: string,
    input: z.output<S>,
  ) => Promise<OrderView>,
): TransactionCommand {
  return async (deps, actor, orderId, transactionId, body) =>
    run(deps, actor, orderId, transactionId, parseOrThrow(schema, body ?? {}));
}
