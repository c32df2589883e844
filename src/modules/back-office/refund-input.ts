import { z } from 'zod';
import { freeFormJsonObject } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { MAX_AMOUNT, orderLinesSchema } from '../orders/index.ts';

/**
 * Body of a refund (spec 4.3). A refund moves money, so unlike an order amount it must be at least 1; the
 * currency is always the original order's and cannot be sent.
 */
export const createRefundInputSchema = z.strictObject({
  amount: z
    .number({ error: 'must be an integer number of minor units' })
    .int('must be an integer number of minor units')
    .min(1, 'must be at least 1 (minor units)')
    .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`)
    .meta({
      description: `How much to refund, an integer in the original order's minor units, 1 to ${MAX_AMOUNT}: the whole paid amount for a full refund, less for a partial one. Refunds together never exceed what was paid. Spec 4.3.`,
    }),
  description: text({ max: 1024 }).optional().meta({
    description: "At most 1,024 characters; the original order's description when absent. Spec 4.3.",
  }),
  merchant_order_id: text({ max: 255 })
    .optional()
    .meta({ description: "The merchant's own reference of the refund, at most 255 characters. Spec 4.3." }),
  extra: freeFormJsonObject()
    .optional()
    .meta({ description: "The merchant's own free-form JSON object, stored with the refund. Spec 4.3." }),
  /**
   * Beyond spec 4.3: the paid transaction to refund. Needed only when the order holds more than one (a
   * `see-transactions` order whose customer paid twice); otherwise the order's one paid transaction.
   */
  transaction_id: z
    .string({ error: 'must be the id of a paid transaction of the order' })
    .refine(isUuidText, 'must be the id of a paid transaction of the order')
    .optional()
    .meta({
      description:
        "Beyond spec 4.3: the paid transaction (uuid) to refund. Required only on an order the customer paid twice (`see-transactions`); otherwise the order's one paid transaction.",
    }),
  order_lines: orderLinesSchema.optional().meta({
    description:
      "Beyond spec 4.3 (the shop plugins' SDK always sends it, often empty): the lines refunded, stored on the " +
      'refund order as sent. The refund is `amount`, whatever the lines add up to.',
  }),
  currency: z
    .never({ error: "is not accepted on a refund: a refund always uses the original order's currency" })
    .optional()
    .meta({
      description: "Not accepted (a 400): a refund always uses the original order's currency (spec 2.6).",
    }),
});

export type CreateRefundInput = z.input<typeof createRefundInputSchema>;
export type ValidCreateRefundInput = z.output<typeof createRefundInputSchema>;
