import { z } from 'zod';
import { MAX_AMOUNT } from '../orders/money.ts';

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/**
 * Body of a refund (spec 4.3). A refund moves money, so unlike an order amount it must be at least 1; the
 * currency is always the original order's and cannot be sent.
 */
export const createRefundInputSchema = z.strictObject({
  amount: z
    .number({ error: 'is required: an integer number of minor units' })
    .int('must be an integer number of minor units')
    .min(1, 'must be at least 1 (minor units)')
    .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`),
  description: text(1024).optional(),
  merchant_order_id: text(255).optional(),
  extra: z
    .record(z.string(), z.unknown())
    .refine((value) => JSON.stringify(value).length <= 16_384, 'must be at most 16 KiB of JSON')
    .optional(),
});

export type CreateRefundInput = z.input<typeof createRefundInputSchema>;
export type ValidCreateRefundInput = z.output<typeof createRefundInputSchema>;
