import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract, type ErrorContract } from '../../../platform/http/route-contract.ts';
import {
  EXAMPLE_IDS,
  exampleFollowUpOrder,
  examplePaidOrder,
  orderErrorEntries,
  orderIdParam,
  orderJsonSchema,
} from '../../orders/index.ts';
import { SIMULATOR_TEST_CARDS } from '../acquirer/test-cards.ts';
import { authenticateInputSchema } from '../commands/authenticate-transaction.ts';
import { captureInputSchema } from '../commands/capture-transaction.ts';
import { authorizationOutcomeInputSchema } from '../commands/play-authorization-outcome.ts';
import { paymentErrorEntries } from '../errors.ts';

/** Spec 4.13 (authenticate), captures, and 4.5 (voids); registered by payment-routes.ts. */

const params = z.object({
  orderId: orderIdParam,
  transactionId: z.uuid().meta({ description: "The transaction's ID, from the order's `transactions`." }),
});

const notFound: ErrorContract = commonErrorEntries.not_found(
  'No such order in your project, or no such transaction in it',
  'Transaction not found',
);

/** What a capture and a void may refuse: both act on an authorized, uncaptured pre-authorization. */
const followUpErrors: ErrorContract[] = [
  notFound,
  paymentErrorEntries.not_a_pre_authorization(
    'The transaction is not a card transaction created with `capture_mode` `manual`',
  ),
  paymentErrorEntries.already_captured('The pre-authorization was captured already'),
  paymentErrorEntries.already_voided('The pre-authorization was voided already'),
  paymentErrorEntries.not_capturable('The transaction holds no authorized amount'),
  paymentErrorEntries.authorization_expired(
    'The capture period (`AUTHORIZATION_CAPTURE_PERIOD`) ended and the amount was released',
  ),
];

export const authenticateTransactionContract = defineContract({
  method: 'POST',
  path: '/v1/orders/:orderId/transactions/:transactionId/authenticate/',
  operationId: 'authenticateTransaction',
  summary: 'Authenticate a card transaction',
  description:
    'Spec 4.13, own checkout only. With external 3-D Secure values (all four, with `vault_token` and `cvc`) ' +
    'the payment is processed at once and the answer is the order: the values are echoed under ' +
    '`payment_method_details.external_authentication_details`. Without them the card stored with the ' +
    "transaction's `setup_token` is authorized, and if the bank asks for a challenge the transaction is " +
    '`pending` with a `payment_url` to send the customer to.',
  tags: ['Card payments'],
  auth: 'api_key',
  params,
  body: {
    schema: authenticateInputSchema,
    required: false,
    examples: {
      external3ds: {
        summary: 'External 3-D Secure values',
        value: {
          vault_token: EXAMPLE_IDS.vaultToken,
          cvc: '123',
          cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
          '3ds_version': '2.2.0',
          '3ds_method_used': 'challenge',
          ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
        },
      },
      storedCard: { summary: 'The card stored with the setup token', value: {} },
    },
  },
  success: {
    status: 200,
    description:
      'The order after the attempt; a declined payment is an order whose transaction is `declined`.',
    schema: orderJsonSchema,
    examples: { approved: { value: examplePaidOrder } },
  },
  errors: [
    notFound,
    commonErrorEntries.not_found('No such `vault_token` in your project', 'Vault token not found'),
    paymentErrorEntries.transaction_not_payable(
      'Not an own-checkout card transaction, or it is no longer waiting for a payment',
      'The transaction cannot be authenticated: it is already completed',
    ),
    paymentErrorEntries.card_not_stored('No `vault_token` sent and no card stored with the setup token'),
    orderErrorEntries.acquirer_not_configured('A live project, and no acquirer connection is configured'),
  ],
});

export const captureTransactionContract = defineContract({
  method: 'POST',
  path: '/v1/orders/:orderId/transactions/:transactionId/captures/',
  operationId: 'captureTransaction',
  summary: 'Capture a pre-authorization',
  description:
    'Beyond the spec: captures a `capture_mode` `manual` card authorization once, for its full amount or less ' +
    '(the rest is released). The capture is an order of its own; the original order is flagged `has-captures`.',
  tags: ['Card payments'],
  auth: 'api_key',
  params,
  body: {
    schema: captureInputSchema,
    required: false,
    examples: {
      full: { summary: 'The full authorized amount', value: {} },
      partial: { value: { amount: 1000 } },
    },
  },
  success: {
    status: 201,
    description: 'The capture order, linked through `capture_of_order_id`.',
    schema: orderJsonSchema,
    examples: { capture: { value: exampleFollowUpOrder('capture') } },
  },
  errors: [
    ...followUpErrors,
    commonErrorEntries.invalid_request(
      'The amount is 0 or more than was authorized',
      'amount: must be at most the authorized amount of 15.00 EUR (1500 minor units)',
    ),
  ],
});

export const voidTransactionContract = defineContract({
  method: 'POST',
  path: '/v1/orders/:orderId/transactions/:transactionId/voids/',
  operationId: 'voidTransaction',
  summary: 'Void a pre-authorization',
  description:
    'Spec 4.5: releases the full authorized amount of a pre-authorization that was not captured. No body (an ' +
    'empty JSON object is tolerated).',
  tags: ['Card payments'],
  auth: 'api_key',
  params,
  success: {
    status: 201,
    description: 'The void order (spec 2.7), linked through `void_of_order_id`.',
    schema: orderJsonSchema,
    examples: { void: { value: exampleFollowUpOrder('void') } },
  },
  errors: followUpErrors,
});

/** The simulator's card that answers `pending`: named from its list, so card numbers live in one place. */
const PENDING_TEST_CARD = SIMULATOR_TEST_CARDS.find((card) => card.kind === 'pending')!;

export const playAuthorizationOutcomeContract = defineContract({
  method: 'POST',
  path: '/v1/test/orders/:orderId/transactions/:transactionId/outcome/',
  operationId: 'playAuthorizationOutcome',
  summary: "Simulate the acquirer's late answer (test projects)",
  description:
    "Plays the acquirer's late answer to a card authorization it took `pending` (test card " +
    `\`${PENDING_TEST_CARD.pan}\`: the transaction is \`processing\`): \`approved\`, \`declined\` or \`expired\`. The ` +
    "transaction and the order's status move through the state machine with their events and webhooks; on a " +
    'hosted order the customer paid meanwhile another way, this settles `see-transactions`. The same answer ' +
    'again changes nothing.',
  tags: ['Card payments'],
  auth: 'api_key',
  params,
  body: {
    schema: authorizationOutcomeInputSchema,
    examples: {
      declined: { summary: 'The issuer declined', value: { outcome: 'declined' } },
      approved: { summary: 'The issuer approved', value: { outcome: 'approved' } },
    },
  },
  success: {
    status: 200,
    description: 'The order of the transaction, as it is now.',
    schema: orderJsonSchema,
  },
  errors: [
    commonErrorEntries.not_found(
      'A live key (this route exists for test projects only), or no such order or transaction',
    ),
    paymentErrorEntries.authorization_not_pending(
      "The transaction is not waiting for the acquirer's answer and had another one",
    ),
  ],
});
