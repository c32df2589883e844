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

/** What every amount is (spec 2.1), for descriptions of the fields that take one. */
export const AMOUNT_RULE = `An integer in the currency's minor units (cents for EUR: 995 is €9.95; the whole amount for a currency without them, such as JPY), VAT included, 0 to ${MAX_AMOUNT}.`;

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
      .meta({ description: "The merchant's own id of the customer; at most 255 characters." }),
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
  .meta({
    description:
      'The customer (spec 2.2): card schemes use it to assess 3-D Secure risk, and an acquirer may require some fields. Every field is optional.',
  })
  // Stored as jsonb: the create answers its fields in the order a later read does.
  .transform(inJsonbKeyOrder);

/** Card fields a merchant may send with a transaction. The CVC is used in memory only, never stored. */
export const cardDetailsSchema = z
  .strictObject({
    one_click_type: z.enum(['first', 'one-click']).optional().meta({
      description:
        '`first`: pay and store the card for later; `one-click`: pay with a stored card (`vault_token` or `first_transaction_id`, and `cvc`). Spec 2.4.',
    }),
    vault_token: z
      .uuid('must be a uuid')
      .optional()
      .meta({ description: 'The stored card to pay with (uuid): a one-click payment. Spec 2.4.' }),
    first_transaction_id: z.uuid('must be a uuid').optional().meta({
      description:
        "Instead of `vault_token`: the id (uuid) of the one-click payment's `first` transaction, whose card is used. Spec 2.4.",
    }),
    cvc: z
      .string()
      .regex(/^[0-9]{3,4}$/, 'must be 3 or 4 digits')
      .optional()
      .meta({
        description:
          'The card verification code, 3 or 4 digits: required for every one-click payment, asked from the customer each time, used once and never stored. Spec 2.4.',
      }),
    cardholder_name: text({ max: 120, min: 1 })
      .optional()
      .meta({ description: 'The name on the card, 1 to 120 characters.' }),
    issuer_id: text({ max: 64, min: 1 }).optional().meta({
      description:
        "iDEAL only: the customer's bank as chosen in the shop (an id from `GET /v1/ideal/issuers/`); recorded as sent.",
    }),
  })
  .meta({
    description:
      'Card details (spec 2.4): for one-click payments; absent for a plain card payment. iDEAL reads only `issuer_id`.',
  });

export type PaymentMethodDetailsInput = z.output<typeof cardDetailsSchema>;

/** A transaction sent at creation, its `payment_method` one of `methods` (the registered payment methods). */
function transactionInputSchema(methods: readonly [string, ...string[]]) {
  return z.strictObject({
    payment_method: z
      .enum(methods, { error: `must be one of ${methods.join(', ')}` })
      .meta({ description: 'How the customer pays: one of the payment methods active in the project.' }),
    payment_method_details: cardDetailsSchema.optional(),
    capture_mode: z.enum(['automatic', 'manual']).optional().meta({
      description:
        '`automatic` (default): the card is charged at once; `manual`: only authorized (a pre-authorization), captured or voided later through `.../captures/` and `.../voids/`.',
    }),
  });
}

/**
 * The create-order body (spec 4.1) for the given payment methods (the registry's ids, in registration order;
 * `credit-card-refund` only ever appears on refund orders). Built once per registry.
 */
export function createOrderInputSchema(methods: readonly [string, ...string[]]) {
  return z
    .strictObject({
      merchant_order_id: text({ max: 255 }).optional().meta({
        description:
          "The merchant's own reference of the order, shown in the portal and searchable; at most 255 characters. Recommended (spec 2.2).",
      }),
      amount: amountSchema.meta({
        description: `${AMOUNT_RULE} 0 creates a card verification without a charge. Spec 2.1 and 4.1.`,
      }),
      currency: currencySchema.meta({
        description:
          'ISO 4217 code in upper case, such as `EUR` (spec 2.1); its exponent sets the minor units of `amount`.',
      }),
      description: text({ max: 1024 }).optional().meta({
        description:
          'Shown to the customer on the payment page; at most 1,024 characters. Recommended (spec 2.2).',
      }),
      return_url: httpUrlSchema.optional().meta({
        description:
          'Absolute http(s) URL, at most 2,048 characters, where the customer goes after paying (with `?order_id=`). Without it the customer stays on the payment page, which shows the result. Spec 2.2 and 3.1.',
      }),
      failure_url: httpUrlSchema.optional().meta({
        description:
          'Absolute http(s) URL, at most 2,048 characters, where the customer goes when the order ends `cancelled`, `expired` or `error`; `return_url` when absent. Spec 2.2.',
      }),
      webhook_url: httpUrlSchema.optional().meta({
        description:
          "Absolute http(s) URL, at most 2,048 characters, where this order's status webhooks go, instead of the project's webhook URL. Spec 6.",
      }),
      expiration_period: z
        .string()
        .superRefine((value, ctx) => {
          const problem = validateExpirationPeriod(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional()
        .meta({
          description:
            'How long the order can be paid: a positive ISO 8601 duration of at most 31 days, such as `PT30M` or `P1D` (default `PT1H`); the order then expires. Spec 2.2.',
        }),
      // At most each method once: a list of 30,000 names was stored as sent.
      payment_methods: z
        .array(z.enum(methods))
        .min(1)
        .max(methods.length, `must name each method at most once (${methods.length} methods)`)
        .refine((named) => new Set(named).size === named.length, 'must name each method at most once')
        .optional()
        .meta({
          description:
            'The methods the hosted payment page offers, each active in the project; all active methods when absent. Spec 2.2.',
        }),
      transactions: z
        .array(transactionInputSchema(methods))
        .max(
          1,
          'at most one transaction may be sent at creation (own checkout); send none for the hosted page',
        )
        .optional()
        .meta({
          description:
            'At most one: the payment method, when the merchant drives the payment itself (own checkout). None: the customer picks on the hosted payment page (`order_url`). Spec 4.1.',
        }),
      customer: customerSchema.optional(),
      client: freeFormJsonObject().optional().meta({
        description:
          'Free-form JSON object about the software sending the request (a shop platform or plugin), stored and returned. Spec 2.2.',
      }),
      extra: freeFormJsonObject().optional().meta({
        description:
          "The merchant's own free-form JSON object, stored with the order and returned as it was sent. Spec 2.2.",
      }),
      order_lines: orderLinesSchema.optional().meta({
        description:
          'The order lines (what is bought), as shop plugins send them; each validated, stored and returned as sent.',
      }),
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
