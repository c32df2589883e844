import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import {
  EXAMPLE_IDS,
  exampleRefundOrder,
  MAX_AMOUNT,
  ORDER_STATUSES,
  orderErrorEntries,
  orderIdParam,
  orderJsonSchema,
} from '../../orders/index.ts';
import { backOfficeErrorEntries } from '../errors.ts';
import { createRefundInputSchema } from '../refund-input.ts';

/** Spec 4.3 and 4.4; registered by refund-routes.ts. */

const params = z.object({ orderId: orderIdParam });

/** One item of the refund list (refund-json.ts). */
export const refundListItemSchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'The refund order.' }),
    amount: z.int().min(0).max(MAX_AMOUNT).meta({ description: 'Minor units.' }),
    currency: z.string().meta({ description: "ISO 4217: always the original order's." }),
    created: z.iso.datetime().meta({ description: 'When the refund was created (UTC).' }),
    completed: z.iso.datetime().optional().meta({ description: 'When the refund completed (UTC).' }),
    description: z.string().optional().meta({ description: "The refund's description." }),
    flags: z.array(z.string()).meta({ description: 'Labels: `is-refund`, and `is-test` in a test project.' }),
    merchant_order_id: z
      .string()
      .optional()
      .meta({ description: "The merchant's own reference of the refund." }),
    refund_of_order_id: z.uuid().meta({ description: 'The refunded order.' }),
    status: z.enum(ORDER_STATUSES).meta({ description: "The refund order's status (spec part 3)." }),
  })
  .meta({ id: 'RefundListItem', description: 'A refund order as the refund list shows it (spec 4.4).' });

export const createRefundContract = defineContract({
  method: 'POST',
  path: '/v1/orders/:orderId/refunds/',
  operationId: 'createRefund',
  summary: 'Refund an order',
  description:
    'Spec 4.3: refunds part or all of a completed payment, as many times as the total stays within what was ' +
    'paid (for a pre-authorization: what was captured). The refund is an order of its own in the original ' +
    "order's currency. Send an `Idempotency-Key` to retry safely.",
  tags: ['Refunds'],
  auth: 'api_key',
  params,
  body: {
    schema: createRefundInputSchema,
    freeForm: ['extra'],
    examples: {
      partial: {
        summary: 'A partial refund',
        value: { amount: 500, description: 'One bulb returned', merchant_order_id: 'shop-4711-r1' },
      },
    },
  },
  success: {
    status: 201,
    description: 'The refund order (spec 2.6).',
    schema: orderJsonSchema,
    examples: { partial: { value: exampleRefundOrder } },
  },
  errors: [
    commonErrorEntries.not_found('No such order in your project', 'Order not found'),
    backOfficeErrorEntries.refund_exceeds_remaining(
      'The amount is more than what remains to refund',
      'amount: 15.01 EUR (1501 minor units) exceeds the remaining refundable amount of 15.00 EUR (1500 minor ' +
        'units): 15.00 EUR (1500 minor units) paid, 0.00 EUR (0 minor units) already refunded or being refunded',
    ),
    backOfficeErrorEntries.order_not_paid(
      'The order is neither completed nor `see-transactions`, or has no paid transaction',
    ),
    backOfficeErrorEntries.transaction_required(
      'The order holds several paid transactions (`see-transactions`): `transaction_id` must name one',
    ),
    backOfficeErrorEntries.transaction_not_paid('`transaction_id` is not a paid transaction of this order'),
    backOfficeErrorEntries.order_not_refundable('The order is itself a refund, capture or void'),
    backOfficeErrorEntries.order_voided('The order was voided: nothing was paid'),
    backOfficeErrorEntries.order_not_captured('A pre-authorization that was not captured: void it instead'),
    orderErrorEntries.acquirer_not_configured('A live project, and no acquirer connection is configured'),
  ],
});

export const listRefundsContract = defineContract({
  method: 'GET',
  path: '/v1/orders/:orderId/refunds/',
  operationId: 'listRefunds',
  summary: 'List the refunds of an order',
  description: 'Spec 4.4: every refund order of the order, oldest first.',
  tags: ['Refunds'],
  auth: 'api_key',
  params,
  success: {
    status: 200,
    description: 'The refund orders.',
    schema: z.array(refundListItemSchema),
    examples: {
      one: {
        value: [
          {
            id: EXAMPLE_IDS.refund,
            amount: 500,
            currency: 'EUR',
            created: exampleRefundOrder.created,
            completed: exampleRefundOrder.completed,
            description: 'One bulb returned',
            flags: ['is-refund', 'is-test'],
            merchant_order_id: 'shop-4711-r1',
            refund_of_order_id: EXAMPLE_IDS.order,
            status: 'completed',
          },
        ],
      },
    },
  },
  errors: [commonErrorEntries.not_found('No such order in your project', 'Order not found')],
});
