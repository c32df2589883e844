import { z } from 'zod';
import { OrderRepository } from '../../orders/index.ts';
import { simulateAuthorizationOutcome } from '../acquirer/simulator.ts';
import { transactionNotFound } from '../errors.ts';
import { receiveAuthorizationOutcome } from './receive-authorization-outcome.ts';
import { transactionCommand } from './transaction-command.ts';

export const authorizationOutcomeInputSchema = z.strictObject({
  /** What the simulated acquirer finally answers: approved, declined (`05`) or expired (`68`, no answer came). */
  outcome: z
    .enum(['approved', 'declined', 'expired'], {
      error: "must be one of 'approved', 'declined', 'expired'",
    })
    .meta({
      description:
        "The simulated acquirer's late answer: `approved`, `declined` (code `05`) or `expired` (code `68`: no answer came).",
    }),
});

/**
 * Test projects only (the face answers 404 to live keys):
 * `POST /v1/test/orders/{order_id}/transactions/{transaction_id}/outcome/` plays the acquirer's late answer to
 * an authorization it took `pending` (test card `4000000000000770`), through the same inbound path a real
 * acquirer's notice takes. Another project's order, or a transaction of another order, is not found.
 */
export const playAuthorizationOutcome = transactionCommand(
  authorizationOutcomeInputSchema,
  async (deps, actor, orderId, transactionId, input) => {
    const known = await deps.db.read(async (uow) => {
      const orders = new OrderRepository(uow);
      const order = await orders.findOrder(actor.projectId, orderId);
      return order ? await orders.findTransaction(order.id, transactionId) : null;
    });
    if (!known) throw transactionNotFound();
    return receiveAuthorizationOutcome(deps, simulateAuthorizationOutcome(known.id, input.outcome));
  },
);
