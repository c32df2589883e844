import { z } from 'zod';
import { freeFormJsonObject } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { isUuidText } from '../../platform/validation/uuid.ts';
import { MAX_AMOUNT } from '../orders/money.ts';
import { orderLinesSchema } from '../orders/order-lines.ts';

/**
 * Body of a refund (spec 4.3). A refund moves money, so unlike an order amount it must be at least 1; the
 * currency is always the original order's and cannot be sent.
 */
export const createRefundInputSchema = z.strictObject({
  amount: z
    .number({ error: 'must be an integer number of minor units' })
    .int('must be an integer number of minor units')
    .min(1, 'must be at least 1 (minor units)')
    .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`),
  description: text({ max: 1024 }).optional(),
  merchant_order_id: text({ max: 255 }).optional(),
  extra: freeFormJsonObject().optional(),
  /**
   * Beyond spec 4.3: the paid transaction to refund. Needed only when the order holds more than one (a
   * `see-transactions` order whose customer paid twice); otherwise the order's one paid transaction.
   */
  transaction_id: z
    .string({ error: 'must be the id of a paid transaction of the order' })
    .refine(isUuidText, 'must be the id of a paid transaction of the order')
    .optional(),
  order_lines: orderLinesSchema.optional().meta({
    description:
      "Beyond spec 4.3 (the shop plugins' SDK always sends it, often empty): the lines refunded, stored on the " +
      'refund order as sent. The refund is `amount`, whatever the lines add up to.',
  }),
  currency: z
    .never({ error: "is not accepted on a refund: a refund always uses the original order's currency" })
    .optional(),
});

export type CreateRefundInput = z.input<typeof createRefundInputSchema>;
export type ValidCreateRefundInput = z.output<typeof createRefundInputSchema>;
