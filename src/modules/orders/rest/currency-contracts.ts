import { z } from 'zod';
import { defineContract } from '../../../platform/http/route-contract.ts';

/** `GET /v1/merchants/self/projects/self/currencies`; registered by order-routes.ts. */

export const projectCurrenciesJsonSchema = z
  .strictObject({
    payment_methods: z
      .record(
        z.string(),
        z
          .strictObject({
            currencies: z
              .array(z.string())
              .meta({ description: 'The ISO 4217 codes the method pays in, sorted.' }),
          })
          .meta({ description: 'One active payment method.' }),
      )
      .meta({ description: 'Each payment method active in your project, by its `payment_method` value.' }),
  })
  .meta({ id: 'ProjectCurrencies', description: 'The currencies of each active payment method.' });

export const listProjectCurrenciesContract = defineContract({
  method: 'GET',
  path: '/v1/merchants/self/projects/self/currencies',
  operationId: 'listProjectCurrencies',
  summary: 'Currencies of the active payment methods',
  description:
    "Beyond the spec (the real service has it; the shop plugins' SDK caches it to decide which methods to offer): " +
    'each payment method active in your project, and only those, with the currencies it pays in. iDEAL pays in ' +
    'EUR only; cards and wallets in every ISO 4217 currency.',
  tags: ['Payment methods'],
  auth: 'api_key',
  success: {
    status: 200,
    description: 'The active methods and their currencies.',
    schema: projectCurrenciesJsonSchema,
    examples: {
      default: {
        summary: 'A project with cards and iDEAL active (card currencies shortened)',
        value: {
          payment_methods: {
            'credit-card': { currencies: ['EUR', 'GBP', 'USD'] },
            ideal: { currencies: ['EUR'] },
          },
        },
      },
    },
  },
});
