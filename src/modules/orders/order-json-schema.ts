import { z } from 'zod';
import { MAX_AMOUNT } from './money.ts';
import { ORDER_STATUSES, TRANSACTION_STATUSES } from './state-machine.ts';

/**
 * The order representation (order-json.ts, spec 2.2-2.4) as a schema, for the REST contracts: the OpenAPI
 * document shows it as the `Order` component, and under NODE_ENV=test every REST answer carrying an order is
 * checked against it (platform/openapi/response-check.ts). The schemas are strict: a field added to the
 * representation must be added here, or the tests fail. Absent optional values are left out, never null.
 */

const uuid = (description: string) => z.uuid().meta({ description });
const timestamp = (description: string) => z.iso.datetime().meta({ description });
const amount = (description: string) => z.int().min(0).max(MAX_AMOUNT).meta({ description });
const url = (description: string) => z.string().meta({ description, format: 'uri' });

export const transactionEventJsonSchema = z
  .strictObject({
    event: z.string().meta({ description: 'The status the transaction entered, e.g. `new`, `accepted`.' }),
    id: uuid('Event ID.'),
    occurred: timestamp('When it happened.'),
    source: z.string().meta({ description: 'What caused it, e.g. `set_status`.' }),
  })
  .meta({ id: 'TransactionEvent' });

export const paymentMethodDetailsJsonSchema = z
  .strictObject({
    one_click_type: z.enum(['first', 'one-click']).optional().meta({
      description: '`first` stores the card, `one-click` pays with a stored card (spec 4.16).',
    }),
    vault_token: uuid(
      'The stored card: on a completed `first` transaction, and as sent for `one-click`.',
    ).optional(),
    first_transaction_id: uuid(
      'As sent instead of `vault_token`: the first one-click transaction.',
    ).optional(),
    card_expiry: z.string().optional().meta({ description: 'Expiry as `MMYYYY`.' }),
    cardholder_name: z.string().optional().meta({ description: 'Cardholder name.' }),
    truncated_pan: z
      .string()
      .optional()
      .meta({ description: 'Masked card number, e.g. `411111******1111`.' }),
    issuer_id: z.string().optional().meta({
      description: "iDEAL: the customer's bank as the shop sent it (`GET /v1/ideal/issuers/`).",
    }),
    consumer_name: z.string().optional().meta({
      description: 'iDEAL: the name of the account holder who paid, once the bank approved.',
    }),
    consumer_iban: z.string().optional().meta({
      description: 'iDEAL: the account (IBAN) the payment came from, once the bank approved.',
    }),
    setup_token: uuid(
      'Single use, valid 300 seconds after the order was created: the input of the vault and wallet token calls. ' +
        'Shown while it is unused.',
    ).optional(),
    ani_results: z
      .strictObject({
        status: z.string().meta({
          description:
            '`00` performed, `01` requested but not performed, `02` the issuer does not support it.',
        }),
        status_description: z.string().meta({ description: '`status` in words.' }),
        match: z
          .string()
          .optional()
          .meta({ description: 'When performed: `01` full match, `50` partial match, `99` no match.' }),
        match_description: z.string().optional().meta({ description: '`match` in words.' }),
      })
      .optional()
      .meta({ description: 'Visa Account Name Inquiry result (spec 2.5).' }),
    external_authentication_details: z
      .strictObject({
        authenticationValue: z.string().meta({ description: 'The `cavv` sent.' }),
        dsTransID: z.string().meta({ description: 'The `ds_transaction_id` sent.' }),
        methodUsed: z.string().meta({ description: 'The `3ds_method_used` sent.' }),
        protocolVersion: z.string().meta({ description: 'The `3ds_version` sent.' }),
      })
      .optional()
      .meta({ description: 'The external 3-D Secure values sent to `authenticate`, echoed (spec 4.13).' }),
  })
  .meta({
    id: 'PaymentMethodDetails',
    description: 'Method-specific details (spec 2.4); never a card number or CVC.',
  });

export const transactionJsonSchema = z
  .strictObject({
    id: uuid('Transaction ID.'),
    order_id: uuid('Owning order.'),
    amount: amount('Minor units.'),
    currency: z.string().meta({ description: 'ISO 4217.' }),
    credit_debit: z.enum(['credit', 'debit']).optional().meta({
      description: '`debit` on a refund transaction, `credit` on a void transaction.',
    }),
    payment_method: z.string().meta({
      description:
        '`credit-card`, `wallet-a-pay`, `wallet-b-pay`, `ideal`; on refunds `credit-card-refund` or `ideal-refund`.',
    }),
    payment_method_brand: z.string().optional().meta({ description: 'Card brand, e.g. `visa`.' }),
    payment_method_details: paymentMethodDetailsJsonSchema,
    refund_of_transaction_id: uuid('On a refund transaction: the original transaction.').optional(),
    void_of_transaction_id: uuid('On a void transaction: the original transaction.').optional(),
    capture_of_transaction_id: uuid('On a capture transaction: the original transaction.').optional(),
    is_capturable: z.boolean().meta({ description: 'Whether the pre-authorization can still be captured.' }),
    outcomes: z
      .strictObject({
        processing: z
          .strictObject({
            status: z.string().meta({
              description:
                "The acquirer's verdict: `approved`, `declined`, `error`, `challenge_required`, `pending` (it answers later) or `expired`.",
            }),
            response_code: z.string().meta({ description: 'E.g. `00` (approved).' }),
            response_code_description: z.string().meta({ description: '`response_code` in words.' }),
          })
          .optional()
          .meta({ description: "The acquirer's answer to the payment (spec 2.3)." }),
        chargeback: z
          .strictObject({
            reason_code: z.string().meta({ description: "The card scheme's dispute reason, e.g. `10.4`." }),
          })
          .optional()
          .meta({ description: 'On the transaction of a chargeback order.' }),
      })
      .optional()
      .meta({ description: "The acquirer's answer (a chargeback: the scheme's reason)." }),
    payment_url: url(
      'Where the customer goes next: the bank (iDEAL), or 3-D Secure and one-click card entry.',
    ).optional(),
    reason: z
      .string()
      .optional()
      .meta({
        description:
          'Why it ended as it did: `none`, `do_not_honour`, `insufficient_funds`, `processor_error`, ' +
          '`authentication_required`, `invalid_card_number`, `expired_card`.',
      }),
    status: z.enum(TRANSACTION_STATUSES).meta({ description: 'Spec part 3.' }),
    created: timestamp('Creation time.'),
    modified: timestamp('Last modification time.'),
    events: z.array(transactionEventJsonSchema).meta({ description: 'Status changes, oldest first.' }),
  })
  .meta({ id: 'Transaction' });

const text_ = (description: string) => z.string().optional().meta({ description });

export const additionalAddressJsonSchema = z
  .strictObject({
    address_type: z.string().meta({ description: '`customer`, `billing`, `delivery` or `shipping`.' }),
    address: text_('The whole address on one line.'),
    street: text_('Street name.'),
    housenumber: text_('House number, with any addition.'),
    postal_code: text_('Postal code.'),
    city: text_('City.'),
    country: text_('ISO 3166-1 alpha-2, e.g. `NL`.'),
  })
  .meta({ id: 'AdditionalAddress', description: "One of the customer's other addresses, as sent." });

export const customerJsonSchema = z
  .strictObject({
    merchant_customer_id: text_("The merchant's own customer reference."),
    email_address: text_('E-mail address.'),
    first_name: text_('First name.'),
    last_name: text_('Last name.'),
    gender: text_('`male`, `female` or `other`.'),
    birthdate: text_('Date of birth, `YYYY-MM-DD`.'),
    address_type: text_('`billing` or `shipping`: which address `address` is.'),
    address: text_('Street address.'),
    postal_code: text_('Postal code.'),
    city: text_('City.'),
    country: text_('ISO 3166-1 alpha-2, e.g. `NL`.'),
    locale: text_('Preferred language, as sent (any case, `_` or `-`), e.g. `nl_NL` or `Ua_ua`.'),
    phone_numbers: z.array(z.string()).optional().meta({ description: 'Phone numbers.' }),
    ip_address: text_(
      "The customer's IP address as the shop sent it (at most 64 characters); only a real IPv4 or IPv6 address is " +
        'passed on to the acquirer.',
    ),
    additional_addresses: z
      .array(additionalAddressJsonSchema)
      .meta({ description: "The customer's other addresses; `[]` when none were sent." }),
  })
  .meta({ id: 'Customer', description: 'The customer as sent (spec 2.2).' });

export const orderLineJsonSchema = z
  .strictObject({
    type: z.string().meta({ description: '`physical`, `discount`, `shipping_fee`, `digital`, ...' }),
    merchant_order_line_id: z.string().meta({ description: "The shop's own id of the line." }),
    name: z.string().meta({ description: 'What the customer buys.' }),
    quantity: z.int().min(1).meta({ description: 'How many.' }),
    amount: z.int().meta({ description: 'Price of one item, VAT included, in minor units.' }),
    vat_percentage: z.int().meta({ description: 'VAT rate in hundredths of a percent (2100 = 21%).' }),
    currency: text_('ISO 4217, as sent.'),
    discount_rate: z.int().optional().meta({ description: 'Discount in hundredths of a percent.' }),
    url: text_("The product's page."),
    image_url: text_('A picture of the product.'),
    ean: text_("The product's EAN."),
  })
  .meta({ id: 'OrderLine', description: 'One line of what the customer buys (as sent).' });

export const orderJsonSchema = z
  .strictObject({
    id: uuid('Order ID.'),
    project_id: uuid('Project the order belongs to.'),
    merchant_id: uuid('Merchant account.'),
    merchant_order_id: z.string().optional().meta({ description: "The merchant's own reference." }),
    description: z.string().optional().meta({ description: 'The order description shown to the customer.' }),
    currency: z.string().meta({ description: 'ISO 4217, e.g. `EUR`.' }),
    amount: amount('Minor units, VAT included (1500 = 15.00 EUR).'),
    status: z.enum(ORDER_STATUSES).meta({ description: 'Spec part 3.' }),
    flags: z.array(z.string()).meta({
      description: 'Labels such as `is-test` (a test project), `is-refund` (a refund order), `has-captures`.',
    }),
    created: timestamp('Creation time (UTC, milliseconds).'),
    modified: timestamp('Last modification time.'),
    completed: timestamp('Completion time.').optional(),
    expiration_period: z.string().meta({ description: 'ISO 8601 duration, e.g. `PT1H`.' }),
    payment_methods: z.array(z.string()).optional().meta({
      description: 'Methods offered on the hosted page; absent: every method active in the project.',
    }),
    transactions: z.array(transactionJsonSchema).meta({ description: 'Payment attempts, oldest first.' }),
    order_url: url(
      'The hosted payment page (payment orders): send the customer here when you sent no transaction.',
    ).optional(),
    return_url: url('Where the customer goes after paying.').optional(),
    failure_url: url('Where the customer goes when the payment fails; `return_url` when absent.').optional(),
    webhook_url: url("Where this order's status webhooks go, instead of the project's.").optional(),
    customer: customerJsonSchema.optional(),
    client: z.record(z.string(), z.unknown()).optional().meta({ description: 'As sent.' }),
    extra: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "The merchant's own data, as sent." }),
    order_lines: z
      .array(orderLineJsonSchema)
      .optional()
      .meta({
        description:
          'What the customer buys, line by line, as sent; on a refund order, the lines refunded. Absent when none ' +
          'were sent.',
      }),
    refunded_amount: amount('Refunded so far (payment orders), minor units.').optional(),
    refund_orders: z
      .array(z.uuid())
      .optional()
      .meta({ description: 'IDs of the refund orders (payment orders); absent when there are none.' }),
    related_orders: z.array(z.uuid()).optional().meta({
      description: 'IDs of every order created from this one (refunds, captures, voids); absent when none.',
    }),
    refund_of_order_id: uuid('On a refund order: the original order.').optional(),
    capture_of_order_id: uuid('On a capture order: the original order.').optional(),
    void_of_order_id: uuid('On a void order: the original order.').optional(),
    related_order_id: uuid('On any order created from another: the original order.').optional(),
    related_payment_link_id: uuid('On an order created by opening a payment link: that link.').optional(),
    merchant_name: z.string().meta({ description: "The merchant's name." }),
    chargeback_orders: z
      .array(z.uuid())
      .optional()
      .meta({ description: 'IDs of the chargeback orders (payment orders); absent when there are none.' }),
    chargeback_of_order_id: uuid('On a chargeback order: the disputed payment order.').optional(),
    reversal_orders: z
      .array(z.uuid())
      .optional()
      .meta({ description: 'IDs of the reversal orders (chargeback orders); absent when there are none.' }),
    reversal_of_order_id: uuid('On a reversal order: the chargeback order it reverses.').optional(),
  })
  .meta({
    id: 'Order',
    description:
      'An order (spec 2.2). Refund, capture and void orders share this shape (spec 2.6, 2.7). What a create ' +
      'returns is exactly what a later `GET /v1/orders/{order_id}/` returns.',
  });

/** The path parameter of every route under `/v1/orders/:orderId/`. */
export const orderIdParam = z.uuid().meta({
  description:
    "The order's ID. Another project's order, and an ID that is not a uuid, answer 404 like a missing one.",
});
