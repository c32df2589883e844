/**
 * Example orders for the REST contracts' documentation (the reference page shows them). A test parses each
 * with `orderJsonSchema`, so they keep the representation's shape.
 */

export const EXAMPLE_IDS = {
  order: '6f1c1f8e-3a5b-4b8e-9a41-2f5c0d7e9b13',
  project: '0b6c3f2a-8d4e-4f1a-9c7b-5e2d1a3f4b6c',
  merchant: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  transaction: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
  setupToken: '5b2e7c1d-9f3a-4e8b-a6c4-2d7f1e9b3a5c',
  vaultToken: 'e8f7d6c5-b4a3-4291-8f7e-6d5c4b3a2918',
  refund: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  refundTransaction: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
  followUp: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b',
  followUpTransaction: '8f9a0b1c-2d3e-4f4a-8b5c-6d7e8f9a0b1c',
  event: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
} as const;

const BASE = 'http://127.0.0.1:3000';
const CREATED = '2026-11-20T10:15:30.123Z';
const PAID = '2026-11-20T10:16:02.480Z';

const event = (name: string, occurred: string, id: string = EXAMPLE_IDS.event) => ({
  event: name,
  id,
  occurred,
  source: 'set_status',
});

const common = {
  project_id: EXAMPLE_IDS.project,
  merchant_id: EXAMPLE_IDS.merchant,
  merchant_name: 'Tulip Shop',
  currency: 'EUR',
  expiration_period: 'PT1H',
};

/** A hosted-page order just created: no transaction, the customer picks a method at `order_url`. */
export const exampleHostedOrder = {
  id: EXAMPLE_IDS.order,
  ...common,
  merchant_order_id: 'shop-4711',
  description: 'Two tulip bulbs',
  amount: 1500,
  status: 'new',
  flags: ['is-test'],
  created: CREATED,
  modified: CREATED,
  transactions: [],
  order_url: `${BASE}/pay/${EXAMPLE_IDS.order}/`,
  return_url: 'https://shop.example/orders/4711/return',
  refunded_amount: 0,
  refund_orders: [],
};

const cardTransaction = {
  id: EXAMPLE_IDS.transaction,
  order_id: EXAMPLE_IDS.order,
  amount: 1500,
  currency: 'EUR',
  payment_method: 'credit-card',
  payment_method_details: { setup_token: EXAMPLE_IDS.setupToken },
  is_capturable: false,
  payment_url: `${BASE}/redirect/${EXAMPLE_IDS.transaction}/to/payment/`,
  status: 'new',
  created: CREATED,
  modified: CREATED,
  events: [event('new', CREATED)],
};

/** An own-checkout card order just created: store the card with the transaction's `setup_token`. */
export const exampleOwnCheckoutOrder = {
  ...exampleHostedOrder,
  transactions: [cardTransaction],
};

/** The same order paid: the card stored, authenticated and approved. */
export const examplePaidOrder = {
  ...exampleHostedOrder,
  status: 'completed',
  modified: PAID,
  completed: PAID,
  transactions: [
    {
      ...cardTransaction,
      payment_method_brand: 'visa',
      payment_method_details: {
        truncated_pan: '411111******1111',
        card_expiry: '122030',
        external_authentication_details: {
          authenticationValue: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
          dsTransID: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
          methodUsed: 'challenge',
          protocolVersion: '2.2.0',
        },
      },
      outcomes: {
        processing: { status: 'approved', response_code: '00', response_code_description: 'Approved' },
      },
      reason: 'none',
      status: 'completed',
      modified: PAID,
      events: [event('new', CREATED), event('completed', PAID, 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e')],
    },
  ],
};

const REFUNDED = '2026-11-21T09:00:00.000Z';

/** A refund order of 5.00 EUR of the paid order. */
export const exampleRefundOrder = {
  id: EXAMPLE_IDS.refund,
  ...common,
  merchant_order_id: 'shop-4711-r1',
  description: 'One bulb returned',
  amount: 500,
  status: 'completed',
  flags: ['is-refund', 'is-test'],
  created: REFUNDED,
  modified: REFUNDED,
  completed: REFUNDED,
  transactions: [
    {
      id: EXAMPLE_IDS.refundTransaction,
      order_id: EXAMPLE_IDS.refund,
      amount: 500,
      currency: 'EUR',
      credit_debit: 'debit',
      payment_method: 'credit-card-refund',
      payment_method_details: {},
      refund_of_transaction_id: EXAMPLE_IDS.transaction,
      is_capturable: false,
      outcomes: {
        processing: { status: 'approved', response_code: '00', response_code_description: 'Approved' },
      },
      status: 'completed',
      created: REFUNDED,
      modified: REFUNDED,
      events: [event('new', REFUNDED), event('completed', REFUNDED, 'c4d5e6f7-a8b9-4c0d-8e1f-2a3b4c5d6e7f')],
    },
  ],
  refund_of_order_id: EXAMPLE_IDS.order,
  related_order_id: EXAMPLE_IDS.order,
};

/** A capture (or, with `void_of_order_id`, a void) order of a pre-authorization. */
export function exampleFollowUpOrder(kind: 'capture' | 'void') {
  const at = '2026-11-20T12:00:00.000Z';
  return {
    id: EXAMPLE_IDS.followUp,
    ...common,
    amount: 1500,
    status: 'completed',
    flags: ['is-test'],
    created: at,
    modified: at,
    completed: at,
    transactions: [
      {
        id: EXAMPLE_IDS.followUpTransaction,
        order_id: EXAMPLE_IDS.followUp,
        amount: 1500,
        currency: 'EUR',
        ...(kind === 'void' ? { credit_debit: 'credit' } : {}),
        payment_method: 'credit-card',
        payment_method_brand: 'visa',
        payment_method_details: { truncated_pan: '411111******1111' },
        [`${kind}_of_transaction_id`]: EXAMPLE_IDS.transaction,
        is_capturable: false,
        outcomes: {
          processing: { status: 'approved', response_code: '00', response_code_description: 'Approved' },
        },
        reason: 'none',
        status: 'completed',
        created: at,
        modified: at,
        events: [event('new', at), event('completed', at, 'd5e6f7a8-b9c0-4d1e-8f2a-3b4c5d6e7f80')],
      },
    ],
    [`${kind}_of_order_id`]: EXAMPLE_IDS.order,
    related_order_id: EXAMPLE_IDS.order,
  };
}
