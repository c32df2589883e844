import { z } from 'zod';
import { httpUrlSchema } from '../../platform/validation/http-url.ts';
import { freeFormJsonObject, inJsonbKeyOrder } from '../../platform/validation/json.ts';
import { text } from '../../platform/validation/text.ts';
import { validateExpirationPeriod } from './duration.ts';
import { isKnownCurrency, MAX_AMOUNT } from './money.ts';
import { lineInOtherCurrency, orderLinesSchema } from './order-lines.ts';

export const amountSchema = z
  .number({ error: 'must be an integer number of minor units' })
  .int('must be an integer number of minor units')
  .min(0, 'must be >= 0')
  .max(MAX_AMOUNT, `must be <= ${MAX_AMOUNT}`);

export const currencySchema = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter upper-case ISO 4217 code', abort: true })
  .refine(isKnownCurrency, 'is not an ISO 4217 currency');

/** An address of the customer's beyond the main one (the real service's `additional_addresses`). */
export const additionalAddressSchema = z.strictObject({
  address_type: z
    .enum(['customer', 'billing', 'delivery', 'shipping'], {
      error: 'must be one of customer, billing, delivery, shipping',
    })
    .meta({ description: 'Which address it is: `customer`, `billing`, `delivery` or `shipping`.' }),
  address: text({ max: 1024 }).optional().meta({ description: 'The whole address on one line.' }),
  street: text({ max: 255 }).optional().meta({ description: 'Street name.' }),
  housenumber: text({ max: 32 }).optional().meta({ description: 'House number, with any addition.' }),
  postal_code: text({ max: 32 }).optional().meta({ description: 'Postal code.' }),
  city: text({ max: 255 }).optional().meta({ description: 'City.' }),
  country: z
    .string({ error: 'must be a string' })
    .regex(/^[A-Z]{2}$/, 'must be two upper-case letters (ISO 3166-1 alpha-2) such as NL')
    .optional()
    .meta({ description: 'Country, two upper-case letters (ISO 3166-1 alpha-2), e.g. `NL`.' }),
});

/** `YYYY-MM-DD`, a real calendar day. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Longest `ip_address` stored: the shop plugins send their web server's `REMOTE_ADDR` as they find it (often an
 * address, sometimes not), and the real service stores it as sent.
 */
export const MAX_IP_ADDRESS_LENGTH = 64;

export const customerSchema = z
  .strictObject({
    merchant_customer_id: text({ max: 255 })
      .optional()
      .meta({ description: 'Your own reference of the customer, at most 255 characters.' }),
    email_address: z
      .email('must be an e-mail address')
      .max(254)
      .optional()
      .meta({ description: 'E-mail address.' }),
    first_name: text({ max: 255 }).optional().meta({ description: 'First name.' }),
    last_name: text({ max: 255 }).optional().meta({ description: 'Last name.' }),
    gender: z
      .enum(['male', 'female', 'other'], { error: 'must be one of male, female, other' })
      .optional()
      .meta({ description: "The customer's gender: `male`, `female` or `other`." }),
    birthdate: z
      .string({ error: 'must be a date as YYYY-MM-DD' })
      .refine(isCalendarDate, 'must be a date as YYYY-MM-DD')
      .optional()
      .meta({ description: "The customer's date of birth, `YYYY-MM-DD`." }),
    address_type: z
      .enum(['billing', 'shipping'])
      .optional()
      .meta({ description: '`billing` or `shipping`: which address `address` is.' }),
    address: text({ max: 1024 }).optional().meta({ description: 'Street address.' }),
    postal_code: text({ max: 32 }).optional().meta({ description: 'Postal code.' }),
    city: text({ max: 255 }).optional().meta({ description: 'City.' }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as NL')
      .optional()
      .meta({ description: 'Country, ISO 3166-1 alpha-2, e.g. `NL`.' }),
    // Any case, `_` or `-` (the plugin SDK sends `Ua_ua`): stored and answered with the letters as sent.
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}([-_][A-Za-z]{2,4})?$/, 'must be a locale such as en, nl_NL or nl-nl')
      .optional()
      .meta({
        description:
          "Preferred language, e.g. `nl` or `nl_NL`, in any case with `_` or `-`; returned as sent, and picks the hosted pages' language.",
      }),
    phone_numbers: z
      .array(text({ max: 32 }))
      .max(5)
      .optional()
      .meta({ description: 'Phone numbers, at most 5.' }),
    // Stored as sent, address or not; only a real address reaches the acquirer (payments/risk-data.ts).
    ip_address: text({ max: MAX_IP_ADDRESS_LENGTH }).optional().meta({
      description:
        "The customer's IP address, at most 64 characters, stored as sent; only a real IPv4 or IPv6 address reaches the acquirer.",
    }),
    additional_addresses: z
      .array(additionalAddressSchema, { error: 'must be an array of addresses' })
      .max(10, 'must have at most 10 addresses')
      .optional()
      .meta({
        description:
          "The customer's other addresses (billing, delivery, ...). Every order with a customer answers it, `[]` " +
          'when none was sent.',
      }),
  })
  // Stored as jsonb: the create answers its fields in the order a later read does.
  .transform(inJsonbKeyOrder);

/** Card fields a merchant may send with a transaction. The CVC is used in memory only, never stored. */
export const cardDetailsSchema = z.strictObject({
  one_click_type: z.enum(['first', 'one-click']).optional(),
  vault_token: z.uuid('must be a uuid').optional(),
  first_transaction_id: z.uuid('must be a uuid').optional(),
  cvc: z
    .string()
    .regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits')
    .optional(),
  cardholder_name: text({ max: 120, min: 1 }).optional(),
  issuer_id: text({ max: 64, min: 1 }).optional().meta({
    description:
      "iDEAL only: the customer's bank as chosen in the shop (an id from `GET /v1/ideal/issuers/`); recorded as sent.",
  }),
});

export type PaymentMethodDetailsInput = z.output<typeof cardDetailsSchema>;

/** A transaction sent at creation, its `payment_method` one of `methods` (the registered payment methods). */
function transactionInputSchema(methods: readonly [string, ...string[]]) {
  return z.strictObject({
    payment_method: z.enum(methods, { error: `must be one of ${methods.join(', ')}` }),
    payment_method_details: cardDetailsSchema.optional(),
    capture_mode: z.enum(['automatic', 'manual']).optional(),
  });
}

/**
 * The create-order body (spec 4.1) for the given payment methods (the registry's ids, in registration order;
 * `credit-card-refund` only ever appears on refund orders). Built once per registry.
 */
export function createOrderInputSchema(methods: readonly [string, ...string[]]) {
  return z
    .strictObject({
      merchant_order_id: text({ max: 255 }).optional(),
      amount: amountSchema,
      currency: currencySchema,
      description: text({ max: 1024 }).optional(),
      return_url: httpUrlSchema.optional(),
      failure_url: httpUrlSchema.optional(),
      webhook_url: httpUrlSchema.optional(),
      expiration_period: z
        .string()
        .superRefine((value, ctx) => {
          const problem = validateExpirationPeriod(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
      payment_methods: z.array(z.enum(methods)).min(1).optional(),
      transactions: z
        .array(transactionInputSchema(methods))
        .max(
          1,
          'at most one transaction may be sent at creation (own checkout); send none for the hosted page',
        )
        .optional(),
      customer: customerSchema.optional(),
      client: freeFormJsonObject().optional(),
      extra: freeFormJsonObject().optional(),
      order_lines: orderLinesSchema.optional(),
    })
    .superRefine((input, ctx) => {
      const otherCurrency = lineInOtherCurrency(input.order_lines, input.currency);
      if (otherCurrency >= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['order_lines', otherCurrency, 'currency'],
          message: `must be the order's currency (${input.currency})`,
        });
      }
      const method = input.transactions?.[0]?.payment_method;
      if (method && input.payment_methods && !input.payment_methods.includes(method)) {
        ctx.addIssue({
          code: 'custom',
          path: ['transactions', 0, 'payment_method'],
          message: 'must be one of the order payment_methods',
        });
      }
    });
}

export type CreateOrderInputSchema = ReturnType<typeof createOrderInputSchema>;
export type CreateOrderInput = z.input<CreateOrderInputSchema>;
export type ValidCreateOrderInput = z.output<CreateOrderInputSchema>;
export type ValidTransactionInput = NonNullable<ValidCreateOrderInput['transactions']>[number];
