import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { orderErrorEntries } from '../errors.ts';
import {
  EXAMPLE_IDS,
  exampleHostedOrder,
  exampleOwnCheckoutOrder,
  examplePaidOrder,
} from '../order-json-examples.ts';
import { orderIdParam, orderJsonSchema } from '../order-json-schema.ts';
import { NULL_REMOVES, updateOrderInputSchema } from '../order-update-input.ts';
import type { PaymentMethodRegistry } from '../payment-methods.ts';

/** Spec 4.1 and 4.2; registered by order-routes.ts. */

/** The body of the create examples: a hosted order; own checkout adds its transaction and customer. */
const EXAMPLE_ORDER_BODY = {
  merchant_order_id: 'shop-4711',
  amount: 1500,
  currency: 'EUR',
  description: 'Two tulip bulbs',
  return_url: 'https://shop.example/orders/4711/return',
};

export const createOrderContract = defineContract({
  method: 'POST',
  path: '/v1/orders/',
  operationId: 'createOrder',
  summary: 'Create an order',
  description:
    'Spec 4.1. With no transaction the customer picks a payment method on the hosted page at `order_url`. ' +
    "With exactly one (own checkout) you drive the payment: store the card with the transaction's " +
    '`setup_token` (`POST {token_vault_url}/v1/cards/`), then authenticate it, or use a wallet. An `amount` of 0 ' +
    'verifies a card without charging it. A payment declined for business reasons is not an error: the order ' +
    'comes back with the transaction `declined`.',
  tags: ['Orders'],
  auth: 'api_key',
  body: {
    // The registry's schema: its `payment_method` values are the registered payment methods.
    schema: (deps: { paymentMethods: Pick<PaymentMethodRegistry, 'orderInput'> }) =>
      deps.paymentMethods.orderInput,
    freeForm: ['client', 'extra'],
    emptyArrayIsObject: ['payment_method_details'],
    examples: {
      hosted: {
        summary: 'Hosted payment page: the customer chooses',
        value: EXAMPLE_ORDER_BODY,
      },
      ownCheckout: {
        summary: 'Own checkout with a card',
        value: {
          ...EXAMPLE_ORDER_BODY,
          transactions: [{ payment_method: 'credit-card' }],
          customer: { email_address: 'ada@shop.example', country: 'NL', locale: 'nl_NL' },
        },
      },
      oneClick: {
        summary: 'One-click payment with a stored card',
        value: {
          amount: 1500,
          currency: 'EUR',
          transactions: [
            {
              payment_method: 'credit-card',
              payment_method_details: {
                one_click_type: 'one-click',
                vault_token: EXAMPLE_IDS.vaultToken,
                cvc: '123',
              },
            },
          ],
        },
      },
    },
  },
  success: {
    status: 201,
    description: 'The order (spec 2.2), exactly as a later retrieve returns it.',
    schema: orderJsonSchema,
    examples: {
      hosted: { summary: 'Hosted payment page', value: exampleHostedOrder },
      ownCheckout: {
        summary: 'Own checkout: the transaction carries its setup_token',
        value: exampleOwnCheckoutOrder,
      },
    },
  },
  errors: [
    commonErrorEntries.invalid_request(
      'A field the rules refuse, e.g. a payment method not active in the project',
      "transactions.0.payment_method: 'wallet-a-pay' is not active in this project",
    ),
    commonErrorEntries.not_found('One-click: no such `vault_token` or `first_transaction_id`'),
    orderErrorEntries.first_transaction_not_completed(
      'One-click: `first_transaction_id` did not complete, so it stored no card',
    ),
    orderErrorEntries.acquirer_not_configured(
      'A card payment of a live project, and no acquirer connection is configured',
    ),
    orderErrorEntries.bank_not_connected(
      'An `ideal` transaction in a live project: iDEAL has no bank connection for live projects yet',
    ),
  ],
});

export const getOrderContract = defineContract({
  method: 'GET',
  path: '/v1/orders/:orderId/',
  operationId: 'getOrder',
  summary: 'Retrieve an order',
  description:
    'Spec 4.2: the order with all its transactions. Retrieve it on every webhook and when the customer comes ' +
    'back to `return_url`, and act on its `status`.',
  tags: ['Orders'],
  auth: 'api_key',
  params: z.object({ orderId: orderIdParam }),
  success: {
    status: 200,
    description: 'The order (spec 2.2).',
    schema: orderJsonSchema,
    examples: { paid: { summary: 'A paid own-checkout order', value: examplePaidOrder } },
  },
  errors: [commonErrorEntries.not_found('No such order in your project', 'Order not found')],
});

export const noOrderListContract = defineContract({
  method: 'GET',
  path: '/v1/orders/',
  operationId: 'listOrdersNotAvailable',
  summary: 'There is no list of orders',
  description:
    'Always 404, pointing at the search: list orders with `POST /v1/search/orders/` (e.g. the query `*`), read ' +
    'one with `GET /v1/orders/{order_id}/`.',
  tags: ['Orders'],
  auth: 'none',
  errors: [
    commonErrorEntries.not_found(
      'Always',
      'There is no list of orders at GET /v1/orders/: search them with POST /v1/search/orders/ (a query such ' +
        'as "status:completed", or * for every order), or read one with GET /v1/orders/{order_id}/',
    ),
  ],
});

export const updateOrderContract = defineContract({
  method: 'PUT',
  path: '/v1/orders/:orderId/',
  operationId: 'updateOrder',
  summary: 'Update an order',
  description:
    "Beyond the spec (the real service has it; the shop plugins' SDK calls it `updateOrder`): changes an order " +
    'that is not final. Send the fields to change, or the whole order as `GET` answered it with some fields ' +
    'changed: read-only fields (`id`, `created`, `transactions`, the unchanged `status`, `amount` and `currency`, ' +
    '...) are ignored. `status: "cancelled"` cancels an order without an accepted payment, as a shop does when ' +
    'the customer abandons checkout (its webhook follows). Send an `Idempotency-Key` to retry safely.',
  tags: ['Orders'],
  auth: 'api_key',
  params: z.object({ orderId: orderIdParam }),
  body: {
    schema: updateOrderInputSchema,
    // `client` is read-only here (echoed, ignored), but the merchant's own JSON all the same.
    freeForm: ['client', 'extra'],
    keepsNull: NULL_REMOVES,
    examples: {
      description: { summary: 'A new description', value: { description: 'Two tulip bulbs and a vase' } },
      cancel: { summary: 'The customer abandoned checkout', value: { status: 'cancelled' } },
    },
  },
  success: {
    status: 200,
    description: 'The order as it is now (spec 2.2).',
    schema: orderJsonSchema,
    examples: { updated: { summary: 'An updated order', value: exampleHostedOrder } },
  },
  errors: [
    commonErrorEntries.invalid_request(
      'A field the rules refuse, e.g. a different `amount` or `currency`',
      'amount: cannot be changed on an order (it is 1500)',
    ),
    commonErrorEntries.not_found('No such order in your project', 'Order not found'),
    orderErrorEntries.order_final('The order is completed, cancelled, expired or in error'),
    orderErrorEntries.order_not_updatable('A refund, capture, void, chargeback or reversal order'),
    orderErrorEntries.order_has_payment(
      '`status: "cancelled"` on an order with an accepted payment (`see-transactions`): refund it instead',
    ),
    orderErrorEntries.payment_in_progress(
      '`status: "cancelled"` while a payment is being decided (a transaction `processing`): cancel once it is answered',
    ),
  ],
});
