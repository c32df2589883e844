import { z } from 'zod';

/** The vault card record (vault-record.ts, spec 2.8) as a schema, for the vault face's contracts. */
export const vaultCardRecordSchema = z
  .strictObject({
    vault_token: z.uuid().meta({ description: 'The stored card: send it in one-click and wallet payments.' }),
    truncated_pan: z.string().meta({ description: 'Masked card number, e.g. `411111******1111`.' }),
    brand: z.string().optional().meta({ description: 'Detected brand, e.g. `visa`.' }),
    brands: z.array(z.string()).meta({ description: 'Every detected brand (co-badged cards have several).' }),
  })
  .meta({ id: 'VaultCard', description: 'A stored card (spec 2.8): never the card number or the CVC.' });

export const exampleVaultCardRecord = {
  vault_token: 'e8f7d6c5-b4a3-4291-8f7e-6d5c4b3a2918',
  truncated_pan: '411111******1111',
  brand: 'visa',
  brands: ['visa'],
};
