import { z } from 'zod';
import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { freeFormJsonObject } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { validateExpirationPeriod } from './duration.ts';
import { customerSchema } from './order-input.ts';
import { orderLinesSchema } from './order-lines.ts';

/**
 * The body of `PUT /v1/orders/{order_id}/` and `updateOrder` (beyond the spec; the real service has it and the
 * shop plugins' SDK sends the whole order back with a few fields changed):
 *
 * - what may change on an order that is not final: `description`, `merchant_order_id`, `order_lines`,
 *   `customer`, `expiration_period`, `extra`, `webhook_url`, `return_url`, `failure_url` (null removes an
 *   optional one); and `status: "cancelled"`, which cancels an order without a payment;
 * - `amount` and `currency` may be echoed, not changed;
 * - everything else the order answers is read-only: echoed, it is ignored (whatever its value);
 * - any other field is refused, as everywhere.
 */

/** Fields of the order representation that are echoed by a client sending the order back, and ignored. */
export const READ_ONLY_ORDER_FIELDS = [
  'id',
  'project_id',
  'merchant_id',
  'merchant_name',
  'created',
  'modified',
  'completed',
  'flags',
  'transactions',
  'order_url',
  'payment_methods',
  'client',
  'refunded_amount',
  'refund_orders',
  'related_orders',
  'chargeback_orders',
  'reversal_orders',
  'refund_of_order_id',
  'capture_of_order_id',
  'void_of_order_id',
  'chargeback_of_order_id',
  'reversal_of_order_id',
  'related_order_id',
  'related_payment_link_id',
] as const;

/**
 * The fields an update removes when sent as `null`: the REST contract keeps their nulls, where any other null of a
 * body reads as a field left out (platform/http/body-as-meant.ts).
 */
export const NULL_REMOVES = [
  'merchant_order_id',
  'description',
  'order_lines',
  'customer',
  'extra',
  'webhook_url',
  'return_url',
  'failure_url',
] as const;

const ignored = z.unknown().meta({ description: 'Read-only: ignored when echoed.' });

const expirationPeriodSchema = z
  .string({ error: 'must be an ISO 8601 duration such as PT1H' })
  .superRefine((value, ctx) => {
    const problem = validateExpirationPeriod(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const updateOrderInputSchema = z.strictObject({
  merchant_order_id: text({ max: 255 })
    .nullable()
    .optional()
    .meta({ description: 'Your own reference; null removes it.' }),
  description: text({ max: 1024 })
    .nullable()
    .optional()
    .meta({ description: 'What the customer buys; null removes it.' }),
  order_lines: orderLinesSchema.nullable().optional().meta({
    description: 'The order lines, replacing the stored ones (null removes them); validated as at creation.',
  }),
  customer: customerSchema.nullable().optional().meta({
    description: 'The customer, replaced as a whole (with its `additional_addresses`); null removes it.',
  }),
  expiration_period: expirationPeriodSchema.optional().meta({
    description:
      'How long the order may be paid, counted from its creation (an ISO 8601 duration); must end in the future.',
  }),
  extra: freeFormJsonObject()
    .nullable()
    .optional()
    .meta({ description: 'Your own data, replaced as a whole; null removes it.' }),
  webhook_url: httpUrlSchema
    .nullable()
    .optional()
    .meta({ description: "Where this order's webhooks go; null: the project's." }),
  return_url: httpUrlSchema
    .nullable()
    .optional()
    .meta({ description: 'Where the customer goes after paying; null removes it.' }),
  failure_url: httpUrlSchema
    .nullable()
    .optional()
    .meta({ description: 'Where the customer goes when the payment fails; null removes it.' }),
  status: z
    .string({ error: 'must be a string' })
    .optional()
    .meta({
      description:
        "`cancelled` cancels an order that has no accepted payment (webhook `status_changed`); the order's current " +
        'status is ignored; anything else is refused.',
    }),
  amount: z
    .unknown()
    .optional()
    .meta({ description: 'May be echoed unchanged; a different amount is refused.' }),
  currency: z
    .unknown()
    .optional()
    .meta({ description: 'May be echoed unchanged; a different currency is refused.' }),
  ...readOnlyFields(),
});

function readOnlyFields() {
  const fields = Object.fromEntries(READ_ONLY_ORDER_FIELDS.map((field) => [field, ignored.optional()]));
  return fields as Record<(typeof READ_ONLY_ORDER_FIELDS)[number], z.ZodOptional<typeof ignored>>;
}

export type UpdateOrderInput = z.input<typeof updateOrderInputSchema>;
export type ValidUpdateOrderInput = z.output<typeof updateOrderInputSchema>;
