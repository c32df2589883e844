import { z } from 'zod';
import { commonErrorEntries } from '../../../platform/errors/error-table.ts';
import { defineContract, type ErrorContract } from '../../../platform/http/route-contract.ts';
import { EXAMPLE_IDS, orderIdParam, SETUP_TOKEN_ERRORS } from '../../orders/index.ts';
import { paymentErrorEntries } from '../../payments/index.ts';
import { walletATokenInputSchema } from '../commands/persist-wallet-a-token.ts';
import { walletASessionInputSchema } from '../commands/start-wallet-a-session.ts';
import { walletBTokenInputSchema } from '../commands/store-wallet-b-token.ts';
import { walletAPaymentSchema, walletBPaymentSchema } from '../commands/wallet-payment-input.ts';
import { TOKEN_REFUSALS, walletErrorEntries } from '../errors.ts';

/** Spec 4.7-4.12; registered by wallet-a-routes.ts, wallet-b-token-routes.ts and wallet-pay-routes.ts. */

const TAGS = ['Wallets'];
const vaultToken = z.uuid().meta({ description: 'The card stored in the vault, for the execute call.' });
const cryptogram = z.string().meta({ description: 'Base64 cryptogram; empty when the wallet gave none.' });
const eci = z.string().meta({ description: 'ECI indicator; empty when the wallet gave none.' });

const paymentMethodMismatch: ErrorContract = walletErrorEntries.payment_method_mismatch(
  'The transaction is not a transaction of this wallet',
);

export const startWalletASessionContract = defineContract({
  method: 'POST',
  path: '/v1/wallet-a-pay/sessions/',
  operationId: 'startWalletASession',
  summary: 'Start a wallet A merchant session',
  description:
    "Spec 4.7: call it on the wallet's `onvalidatemerchant` event and pass `sessionData` to " +
    "`session.completeMerchantValidation()`. Test projects get the simulator's session.",
  tags: TAGS,
  auth: 'api_key',
  body: {
    schema: walletASessionInputSchema,
    examples: {
      session: {
        value: {
          validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
          merchantIdentifier: EXAMPLE_IDS.project.replaceAll('-', ''),
          displayName: 'Tulip Shop',
          initiativeContext: 'shop.example',
        },
      },
    },
  },
  success: {
    status: 200,
    description: 'The merchant session.',
    schema: z
      .strictObject({
        sessionData: z.record(z.string(), z.unknown()).meta({
          description: "The provider's merchant session, as it answered: hand it to the wallet unchanged.",
        }),
      })
      .meta({ id: 'WalletASession' }),
    examples: {
      session: {
        value: { sessionData: { epochTimestamp: 1795000000000, merchantSessionIdentifier: 'SSH…' } },
      },
    },
  },
  errors: [
    commonErrorEntries.invalid_request(
      '`merchantIdentifier` is not the project ID without hyphens',
      'merchantIdentifier: must be the project id without hyphens',
    ),
    walletErrorEntries.invalid_validation_url("`validationUrl` is not on one of the provider's hosts"),
    walletErrorEntries.payment_method_not_active('Wallet A is not active in the project'),
    walletErrorEntries.merchant_validation_failed('The provider did not start a session'),
    walletErrorEntries.wallet_a_not_configured('No merchant identity certificate is configured'),
  ],
});

export const persistWalletATokenContract = defineContract({
  method: 'POST',
  path: '/v1/wallet-a-pay/payment-tokens/persist/',
  operationId: 'persistWalletAToken',
  summary: 'Store a wallet A payment token',
  description:
    "Spec 4.8: on the wallet's `onpaymentauthorized` event, send `event.payment.token.paymentData` with the " +
    "transaction's `setupToken`. The token is verified and decrypted, and the card stored in the vault.",
  tags: TAGS,
  auth: 'api_key',
  body: {
    schema: walletATokenInputSchema,
    examples: {
      token: {
        value: {
          setupToken: EXAMPLE_IDS.setupToken,
          data: 'bWFkZSB1cCBlbmNyeXB0ZWQgZGF0YQ==',
          signature: 'bWFkZSB1cCBzaWduYXR1cmU=',
          header: {
            publicKeyHash: 'LbsUwAT6w1JV9tFXocU813TCHks+LSuFF0R/eBkrWnQ=',
            ephemeralPublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…',
            transactionId: '2686f5297f123ec7fd9d31074d43d201953ca75f098890375f13aed2737d92f2',
          },
          version: 'EC_v1',
        },
      },
    },
  },
  success: {
    status: 201,
    description:
      'The stored card and the values for the execute call (spec 4.10); the cryptogram is not kept.',
    schema: z
      .strictObject({ vaultToken, onlinePaymentCryptogram: cryptogram, eciIndicator: eci })
      .meta({ id: 'WalletATokenStored' }),
    examples: {
      stored: {
        value: {
          vaultToken: EXAMPLE_IDS.vaultToken,
          onlinePaymentCryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
          eciIndicator: '05',
        },
      },
    },
  },
  errors: [
    ...SETUP_TOKEN_ERRORS,
    paymentMethodMismatch,
    ...TOKEN_REFUSALS,
    walletErrorEntries.wallet_a_not_configured('No root certificate or payment processing key is configured'),
  ],
});

const walletBTokenBody = {
  schema: walletBTokenInputSchema,
  examples: {
    token: {
      value: {
        walletBMessage:
          '{"signature":"MEQCIF…","intermediateSigningKey":{…},"protocolVersion":"ECv2","signedMessage":"{…}"}',
        setupToken: EXAMPLE_IDS.setupToken,
        transactionId: EXAMPLE_IDS.transaction,
      },
    },
  },
};

const walletBTokenSuccess = {
  status: 201 as const,
  description:
    'The stored card; an empty `cryptogram` means a `PAN_ONLY` card, paid as a plain card payment.',
  schema: z.strictObject({ vaultToken, cryptogram, eciIndicator: eci }).meta({ id: 'WalletBTokenStored' }),
  examples: {
    stored: {
      value: {
        vaultToken: EXAMPLE_IDS.vaultToken,
        cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
        eciIndicator: '05',
      },
    },
  },
};

const walletBTokenErrors: ErrorContract[] = [
  commonErrorEntries.not_found(
    'No such transaction, or the setup token is not its own',
    'Transaction not found',
  ),
  ...SETUP_TOKEN_ERRORS.filter((error) => error.status !== 404),
  paymentMethodMismatch,
  ...TOKEN_REFUSALS,
  walletErrorEntries.wallet_b_not_configured('No root signing keys or recipient key are configured'),
];

const walletBDescription =
  'No `Authorization` header: the transaction ID and its setup token tie the call to the transaction. The ' +
  'token is verified and decrypted, and the card stored in the vault.';

export const storeWalletBTokenContract = defineContract({
  method: 'POST',
  path: '/tokens/',
  operationId: 'storeWalletBToken',
  summary: 'Store a wallet B payment token',
  description: `Spec 4.9 (\`POST {wallet_b_token_url}/tokens/\`), tokens of the provider's production environment. ${walletBDescription}`,
  tags: TAGS,
  auth: 'none',
  body: walletBTokenBody,
  success: walletBTokenSuccess,
  errors: walletBTokenErrors,
});

export const storeWalletBTestTokenContract = defineContract({
  method: 'POST',
  path: '/test/tokens/',
  operationId: 'storeWalletBTestToken',
  summary: 'Store a wallet B test-environment token',
  description: `Spec 4.9 (\`POST {wallet_b_token_url}/test/tokens/\`), for test projects only. ${walletBDescription}`,
  tags: TAGS,
  auth: 'none',
  body: walletBTokenBody,
  success: walletBTokenSuccess,
  errors: [
    ...walletBTokenErrors,
    walletErrorEntries.test_environment_not_allowed('The order is not in a test project'),
  ],
});

const executeParams = z.object({
  orderId: orderIdParam,
  transactionId: z.uuid().meta({ description: "The wallet transaction's ID." }),
});

const executeSuccess = {
  status: 200 as const,
  description:
    'Spec 4.12: send the customer to `redirect_url`, then confirm the payment by retrieving the order.',
  schema: z
    .strictObject({
      is_successful: z.boolean().meta({ description: 'Whether the payment was executed.' }),
      redirect_url: z.string().meta({ description: 'Where to send the customer.', format: 'uri' }),
      reason: z.string().meta({
        description:
          '`none` on success; else `do_not_honour`, `insufficient_funds`, `processor_error`, ' +
          '`authentication_required`, `invalid_card_number`, `expired_card`.',
      }),
    })
    .meta({ id: 'WalletPaymentResult' }),
  examples: {
    paid: {
      value: {
        is_successful: true,
        redirect_url: 'https://shop.example/orders/4711/return?order_id=6f1c1f8e-3a5b-4b8e-9a41-2f5c0d7e9b13',
        reason: 'none',
      },
    },
  },
};

const executeErrors: ErrorContract[] = [
  commonErrorEntries.not_found('No such order, transaction, or vault token for it', 'Transaction not found'),
  paymentErrorEntries.transaction_not_payable(
    'The transaction is no longer waiting for a payment',
    'The transaction cannot be paid: it is already completed',
  ),
  paymentMethodMismatch,
];

const executeDescription =
  'No `Authorization` header: the order ID, the transaction ID and a vault token stored for that transaction ' +
  'are the handle. A declined payment is an answer, not an error: `is_successful` false with its `reason`.';

export const executeWalletAPaymentContract = defineContract({
  method: 'POST',
  path: '/pay/:orderId/select-payment-method/wallet-a-pay/:transactionId/',
  operationId: 'executeWalletAPayment',
  summary: 'Execute a wallet A payment',
  description: `Spec 4.10. ${executeDescription}`,
  tags: TAGS,
  auth: 'none',
  params: executeParams,
  body: {
    schema: walletAPaymentSchema,
    examples: {
      pay: {
        value: {
          vault_token: EXAMPLE_IDS.vaultToken,
          online_payment_cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
          eci_indicator: '05',
        },
      },
    },
  },
  success: executeSuccess,
  errors: executeErrors,
});

export const executeWalletBPaymentContract = defineContract({
  method: 'POST',
  path: '/pay/:orderId/select-payment-method/wallet-b-pay/:transactionId/',
  operationId: 'executeWalletBPayment',
  summary: 'Execute a wallet B payment',
  description: `Spec 4.11. ${executeDescription}`,
  tags: TAGS,
  auth: 'none',
  params: executeParams,
  body: {
    schema: walletBPaymentSchema,
    examples: {
      pay: {
        value: {
          vaultToken: EXAMPLE_IDS.vaultToken,
          cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
          eciIndicator: '05',
          browser_info_screen_width: 1440,
          browser_info_screen_height: 900,
          browser_info_color_depth: 24,
          browser_info_user_agent: 'Mozilla/5.0',
          browser_info_time_zone_offset: -60,
          browser_info_language: 'nl-NL',
          browser_info_java_enabled: false,
        },
      },
    },
  },
  success: executeSuccess,
  errors: executeErrors,
});
