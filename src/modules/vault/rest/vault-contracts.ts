import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract } from '../../../platform/http/route-contract.ts';
import { SETUP_TOKEN_ERRORS } from '../../orders/index.ts';
import { VAULT_CARD_SCHEMA } from '../card-input.ts';
import { EXAMPLE_CARD_PAN } from '../card-number.ts';
import { exampleVaultCardRecord, vaultCardRecordSchema } from '../vault-record-schema.ts';

/** Spec 4.6 and the stored card's record; registered by vault-routes.ts under the path of TOKEN_VAULT_URL. */

export const storeCardContract = defineContract({
  method: 'POST',
  path: '/v1/cards/',
  operationId: 'storeCard',
  summary: 'Store a card in the vault',
  description:
    "Spec 4.6 (`POST {token_vault_url}/v1/cards/`): stores a card against a transaction's `setup_token`, once, " +
    "within 300 seconds of the order's creation. Sending card data requires PCI DSS compliance. The card " +
    'number and CVC are never returned, logged or stored in clear.',
  tags: ['Vault'],
  auth: 'api_key',
  body: {
    schema: VAULT_CARD_SCHEMA,
    examples: {
      card: {
        summary: 'A test card',
        value: {
          name: 'Ada Lovelace',
          pan: EXAMPLE_CARD_PAN,
          expiry: '122030',
          setup_token: '5b2e7c1d-9f3a-4e8b-a6c4-2d7f1e9b3a5c',
        },
      },
    },
  },
  success: {
    status: 201,
    description: 'The vault card record (spec 2.8); `Location` answers `GET` with it.',
    schema: vaultCardRecordSchema,
    examples: { visa: { value: exampleVaultCardRecord } },
  },
  errors: [
    commonErrorEntries.invalid_request(
      'The card number fails its check digit, the card has expired, …',
      'pan: is not a valid card number (check digit does not match)',
    ),
    ...SETUP_TOKEN_ERRORS,
  ],
});

export const getCardContract = defineContract({
  method: 'GET',
  path: '/v1/cards/:vaultToken/',
  operationId: 'getCard',
  summary: 'Retrieve a stored card',
  description: "Beyond the spec: the record of a stored card (the `Location` of the store's 201).",
  tags: ['Vault'],
  auth: 'api_key',
  params: z.object({ vaultToken: z.uuid().meta({ description: 'The `vault_token` of the card.' }) }),
  success: {
    status: 200,
    description: 'The vault card record (spec 2.8).',
    schema: vaultCardRecordSchema,
    examples: { visa: { value: exampleVaultCardRecord } },
  },
  errors: [commonErrorEntries.not_found('No such card in your project', 'Vault token not found')],
});
