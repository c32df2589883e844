import { z } from 'zod';
import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { inJsonbKeyOrder } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { isKnownCurrency, MAX_AMOUNT } from './money.ts';

/**
 * Order lines: what the customer buys, line by line, as the shop plugins built on ginger-php-plugin-sdk send them
 * (its `Line` entity) and the real service documents them. Beyond spec 4.1 (which leaves the complete
 * create-order schema "not shown"): stored as sent (jsonb, keys in jsonb's order) and answered on every read. The
 * lines are the shop's description of the basket; the order's `amount` stays what is charged.
 */

/** The line types of the real service, as the plugin SDK enumerates them. */
export const ORDER_LINE_TYPES = [
  'physical',
  'discount',
  'shipping_fee',
  'sales_tax',
  'digital',
  'gift_card',
  'store_credit',
  'surcharge',
] as const;

/** Hundredths of a percent: 2100 is 21%, 10000 is 100%. */
const percentage = (what: string) =>
  z
    .number({ error: `must be an integer in hundredths of a percent (${what})` })
    .int(`must be an integer in hundredths of a percent (${what})`)
    .min(0, 'must be >= 0')
    .max(10_000, 'must be <= 10000 (100%)');

export const orderLineSchema = z.strictObject({
  type: z
    .enum(ORDER_LINE_TYPES, { error: `must be one of ${ORDER_LINE_TYPES.join(', ')}` })
    .meta({ description: `What the line is: ${ORDER_LINE_TYPES.map((t) => `\`${t}\``).join(', ')}.` }),
  merchant_order_line_id: text({ max: 255, min: 1 }).meta({
    description: "The shop's own id of the line; searchable as `order_lines.merchant_order_line_id`.",
  }),
  name: text({ max: 255, min: 1 }).meta({ description: 'What the customer buys, e.g. a product name.' }),
  quantity: z
    .number({ error: 'must be an integer >= 1' })
    .int('must be an integer >= 1')
    .min(1, 'must be an integer >= 1')
    .max(1_000_000, 'must be <= 1000000')
    .meta({ description: 'How many, at least 1.' }),
  amount: z
    .number({ error: 'must be an integer number of minor units' })
    .int('must be an integer number of minor units')
    .min(-MAX_AMOUNT, `must be >= -${MAX_AMOUNT}`)
    .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`)
    .meta({
      description:
        'Price of ONE item, VAT included, in minor units (100 = 1.00 EUR); negative for a `discount` line.',
    }),
  vat_percentage: percentage('2100 = 21%').meta({
    description: 'VAT rate in hundredths of a percent: 2100 is 21%, 0 for none.',
  }),
  currency: z
    .string({ error: 'must be a string' })
    .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter upper-case ISO 4217 code', abort: true })
    .refine(isKnownCurrency, 'is not an ISO 4217 currency')
    .optional()
    .meta({ description: "ISO 4217; when sent, the order's currency." }),
  discount_rate: percentage('1157 = 11.57%')
    .optional()
    .meta({ description: 'Discount given on the line, in hundredths of a percent.' }),
  url: httpUrlSchema.optional().meta({ description: "The product's page in the shop." }),
  image_url: httpUrlSchema.optional().meta({ description: 'A picture of the product, in the shop.' }),
  ean: text({ max: 32 }).optional().meta({ description: "The product's EAN (barcode number)." }),
});

export type OrderLine = z.output<typeof orderLineSchema>;

/** At most this many lines on one order: a long basket, far below any body limit. */
export const MAX_ORDER_LINES = 500;

/**
 * `order_lines`: each line checked (a bad line is refused at `order_lines.N.field`), stored with its keys in
 * jsonb's order (`[]` as none) so that a create answers exactly what a later read does. `currency` is the order's: a line in
 * another currency is refused where the order is known (`checkOrderLineCurrencies`).
 */
export const orderLinesSchema = z
  .array(orderLineSchema, { error: 'must be an array of order lines' })
  .max(MAX_ORDER_LINES, `must have at most ${MAX_ORDER_LINES} lines`)
  // No lines (the plugin SDK's refunds send `[]`) are stored as none, and left out of the order like any
  // other empty optional array.
  .transform((lines) => (lines.length > 0 ? inJsonbKeyOrder(lines) : null))
  .meta({
    description:
      'What the customer buys, line by line (beyond spec 4.1: the shop plugins send them). Stored and returned ' +
      "as sent; the order's `amount` stays what is charged.",
  });

/** The index of the first line whose `currency` is not `currency`, or -1. */
export function lineInOtherCurrency(
  lines: readonly OrderLine[] | null | undefined,
  currency: string,
): number {
  return (lines ?? []).findIndex((line) => line.currency !== undefined && line.currency !== currency);
}

/** An order line as GraphQL's `OrderLineInput` has it (camelCase, absent values null). */
export interface GraphQLOrderLineFields {
  type: string;
  merchantOrderLineId: string;
  name: string;
  quantity: number;
  amount: number;
  vatPercentage: number;
  currency?: string | null;
  discountRate?: number | null;
  url?: string | null;
  imageUrl?: string | null;
  ean?: string | null;
}

/** GraphQL order lines onto the REST shape, so both faces share one schema (orders and refunds alike). */
export function orderLinesFromGraphQL(
  lines: readonly GraphQLOrderLineFields[],
): z.input<typeof orderLinesSchema> {
  return lines.map((line) => {
    const rest: Record<string, unknown> = {
      type: line.type,
      merchant_order_line_id: line.merchantOrderLineId,
      name: line.name,
      quantity: line.quantity,
      amount: line.amount,
      vat_percentage: line.vatPercentage,
      currency: line.currency,
      discount_rate: line.discountRate,
      url: line.url,
      image_url: line.imageUrl,
      ean: line.ean,
    };
    for (const key of Object.keys(rest)) if (rest[key] === null || rest[key] === undefined) delete rest[key];
    return rest as z.input<typeof orderLineSchema>;
  });
}
