import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { orderIdParam, orderJsonSchema } from '../../orders/index.ts';
import { chargebackInputSchema, reversalInputSchema } from '../commands/simulate-dispute.ts';
import { backOfficeErrorEntries } from '../errors.ts';

/**
 * Test projects' simulated dispute notices (issue 16 point 1); registered by dispute-routes.ts. A live key gets
 * the same 404 as an unknown route.
 */

const liveKey = commonErrorEntries.not_found(
  'A live key (these routes exist for test projects only), or no such order in your project',
);

export const simulateChargebackContract = defineContract({
  method: 'POST',
  path: '/v1/test/orders/:orderId/chargebacks/',
  operationId: 'simulateChargeback',
  summary: 'Simulate a chargeback (test projects)',
  description:
    "Plays the acquirer's chargeback notice for a paid order: a chargeback order (flag `is-chargeback`, " +
    '`chargeback_of_order_id`) with one `debit` transaction; the refundable amount of the original shrinks by it.',
  tags: ['Refunds'],
  auth: 'api_key',
  params: z.object({ orderId: orderIdParam }),
  body: {
    schema: chargebackInputSchema,
    examples: { fraud: { summary: 'A fraud dispute', value: { amount: 1500, reason_code: '10.4' } } },
  },
  success: { status: 201, description: 'The chargeback order.', schema: orderJsonSchema },
  errors: [
    liveKey,
    backOfficeErrorEntries.order_not_paid('The order is not a paid payment order'),
    backOfficeErrorEntries.not_a_payment('The order is not a payment order'),
    backOfficeErrorEntries.order_voided('The order was voided: nothing was paid'),
    backOfficeErrorEntries.order_not_captured(
      'A pre-authorization that was not captured: no money moved, so there is nothing to charge back',
    ),
    backOfficeErrorEntries.chargeback_exceeds_remaining(
      'More than what remains after refunds and chargebacks',
    ),
  ],
});

export const simulateReversalContract = defineContract({
  method: 'POST',
  path: '/v1/test/orders/:orderId/reversals/',
  operationId: 'simulateReversal',
  summary: 'Simulate a chargeback reversal (test projects)',
  description:
    "Plays the acquirer's notice that the merchant won the dispute of a chargeback order: a reversal order " +
    '(`reversal_of_order_id`) that gives the amount back.',
  tags: ['Refunds'],
  auth: 'api_key',
  params: z.object({
    orderId: z.uuid().meta({ description: 'The chargeback order.' }),
  }),
  body: {
    schema: reversalInputSchema,
    examples: { whole: { summary: 'The whole chargeback', value: { amount: 1500 } } },
  },
  success: { status: 201, description: 'The reversal order.', schema: orderJsonSchema },
  errors: [
    liveKey,
    backOfficeErrorEntries.not_a_chargeback('The order is not a chargeback order'),
    backOfficeErrorEntries.reversal_exceeds_chargeback(
      'More than what remains of the chargeback after earlier reversals',
    ),
  ],
});
