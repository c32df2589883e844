import { z } from 'zod';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { SIMULATED_ISSUERS } from '../issuers.ts';

/** `GET /v1/ideal/issuers/`; registered by ideal-routes.ts. */

export const idealIssuerJsonSchema = z
  .strictObject({
    id: z.string().meta({ description: "The bank's BIC, e.g. `INGBNL2A`: send it as `issuer_id`." }),
    name: z.string().meta({ description: "The bank's name, to show the customer." }),
    list_type: z.string().meta({ description: 'The group the bank is listed under, e.g. `Nederland`.' }),
  })
  .meta({ id: 'IdealIssuer', description: 'A bank an iDEAL customer may pay with.' });

export const listIdealIssuersContract = defineContract({
  method: 'GET',
  path: '/v1/ideal/issuers/',
  operationId: 'listIdealIssuers',
  summary: 'List the iDEAL issuers (banks)',
  description:
    'Beyond the spec (the real service has it; older ginger-php 2.x clients and the plugin SDK call it): the banks ' +
    "an iDEAL customer may choose in the shop, in the real service's shape. A test project with `ideal` active " +
    "gets the simulated bank's issuers; elsewhere none apply and the list is empty. Sending an `issuer_id` is " +
    'optional: any id is accepted and recorded as sent.',
  tags: ['Payment methods'],
  auth: 'api_key',
  success: {
    status: 200,
    description: 'The issuers, possibly none.',
    schema: z.array(idealIssuerJsonSchema).meta({ description: 'The issuers, in the order to show them.' }),
    examples: { test: { summary: 'A test project', value: [...SIMULATED_ISSUERS] } },
  },
});
