import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import type { PaymentMethodRegistry } from '../../orders/index.ts';
import { paymentLinkInputSchema } from '../payment-link-input.ts';

/** Payment links (issue 16 point 2); registered by payment-link-routes.ts. */

const EXAMPLE_LINK_ID = '6f1d2a94-3c5e-4b7a-9d0e-2f8a1b3c4d5e';
const EXAMPLE_PROJECT_ID = '0b9c3d2e-1f4a-4e6b-8c7d-5a6b7c8d9e0f';

const timestamp = (description: string) => z.iso.datetime({ offset: true }).meta({ description });

/** A link as REST shows it (payment-link-json.ts): absent optional fields are left out. */
export const paymentLinkJsonSchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'Payment link ID.' }),
    project_id: z.uuid().meta({ description: 'The project the link belongs to.' }),
    url: z
      .url()
      .meta({ description: 'The address to give the customer: each opening leads to a hosted page.' }),
    status: z.enum(['active', 'inactive', 'expired']).meta({ description: 'As of the answer.' }),
    inactive_reason: z.enum(['deactivated', 'used']).optional().meta({
      description: 'Why an inactive link is inactive: deactivated, or a single-use link that was paid.',
    }),
    amount: z.int().meta({ description: 'Minor units.' }),
    currency: z.string().meta({ description: 'ISO 4217, e.g. `EUR`.' }),
    description: z.string().optional().meta({ description: 'Passed on to each order the link opens.' }),
    merchant_order_id: z.string().optional().meta({ description: 'Passed on to each order the link opens.' }),
    expires: timestamp('After this time the link opens no order.').optional(),
    single_use: z.boolean().meta({ description: 'At most one completed payment.' }),
    return_url: z
      .url()
      .optional()
      .meta({ description: 'Passed on to each order: where the customer goes after paying.' }),
    failure_url: z
      .url()
      .optional()
      .meta({ description: 'Passed on to each order: where the customer goes when its payment fails.' }),
    payment_methods: z
      .array(z.string())
      .optional()
      .meta({ description: 'The methods each order offers; every active method when absent.' }),
    order_ids: z.array(z.uuid()).meta({ description: 'The orders opened from the link, oldest first.' }),
    created: timestamp('Creation time.'),
    modified: timestamp('Last modification time.'),
    deactivated: timestamp('When the link was deactivated.').optional(),
  })
  .meta({ id: 'PaymentLink', description: 'A payment link (beyond the spec).' });

const params = z.object({
  linkId: z.uuid().meta({
    description: "The link's ID. Another project's link, and an ID that is not a uuid, answer 404.",
  }),
});

const exampleLink = {
  id: EXAMPLE_LINK_ID,
  project_id: EXAMPLE_PROJECT_ID,
  url: `https://pay.example/link/${EXAMPLE_LINK_ID}/`,
  status: 'active',
  amount: 2500,
  currency: 'EUR',
  description: 'Workshop ticket',
  single_use: true,
  order_ids: [],
  created: '2026-11-23T10:00:00.000Z',
  modified: '2026-11-23T10:00:00.000Z',
};

const notFound = commonErrorEntries.not_found(
  'No such payment link in your project',
  'Payment link not found',
);

export const createPaymentLinkContract = defineContract({
  method: 'POST',
  path: '/v1/payment-links/',
  operationId: 'createPaymentLink',
  summary: 'Create a payment link',
  description:
    'A link that creates an order each time a customer opens it (`url`), with the same rules as creating an ' +
    'order. `single_use` links take at most one completed payment. Send an `Idempotency-Key` to retry safely.',
  tags: ['Payment links'],
  auth: 'api_key',
  body: {
    schema: (deps: { paymentMethods: Pick<PaymentMethodRegistry, 'orderInput'> }) =>
      paymentLinkInputSchema(deps.paymentMethods.orderInput),
    examples: {
      ticket: {
        summary: 'A single-use link',
        value: { amount: 2500, currency: 'EUR', description: 'Workshop ticket', single_use: true },
      },
    },
  },
  success: {
    status: 201,
    description: 'The link.',
    schema: paymentLinkJsonSchema,
    examples: { ticket: { value: exampleLink } },
  },
  errors: [commonErrorEntries.invalid_request('A field the rules refuse, e.g. an `expires` in the past')],
});

export const getPaymentLinkContract = defineContract({
  method: 'GET',
  path: '/v1/payment-links/:linkId/',
  operationId: 'getPaymentLink',
  summary: 'Retrieve a payment link',
  description: 'The link with its status as of now and the orders opened from it.',
  tags: ['Payment links'],
  auth: 'api_key',
  params,
  success: {
    status: 200,
    description: 'The link.',
    schema: paymentLinkJsonSchema,
    examples: { ticket: { value: exampleLink } },
  },
  errors: [notFound],
});

export const deactivatePaymentLinkContract = defineContract({
  method: 'POST',
  path: '/v1/payment-links/:linkId/deactivate/',
  operationId: 'deactivatePaymentLink',
  summary: 'Deactivate a payment link',
  description:
    'The link opens no more orders; orders it already opened stay payable until they expire. Deactivating ' +
    'twice is not an error and keeps the first time.',
  tags: ['Payment links'],
  auth: 'api_key',
  params,
  success: {
    status: 200,
    description: 'The link, now inactive.',
    schema: paymentLinkJsonSchema,
    examples: {
      deactivated: {
        value: {
          ...exampleLink,
          status: 'inactive',
          inactive_reason: 'deactivated',
          deactivated: '2026-11-23T11:00:00.000Z',
          modified: '2026-11-23T11:00:00.000Z',
        },
      },
    },
  },
  errors: [notFound],
});
