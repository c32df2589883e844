/**
 * Helpers for the wallet tests over real HTTP: key files for the app's configuration, wallet orders, what the
 * vault holds, and a recording merchant session transport that proves whether a request left the server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  MerchantSessionClient,
  MerchantSessionRequest,
} from '../../src/modules/wallets/wallet-a/merchant-session-client.ts';
import { buildOwnCheckoutOrder } from '../factories/order.ts';
import type { WalletATestKit, WalletBTestKit } from '../factories/wallet-tokens.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import type { TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/** Writes files into a fresh temporary directory; returns their paths by name. */
export function writeKeyFiles(files: Record<string, string>): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-keys-'));
  return Object.fromEntries(
    Object.entries(files).map(([name, content]) => {
      const file = path.join(dir, name);
      writeFileSync(file, content, { mode: 0o600 });
      return [name, file];
    }),
  );
}

/**
 * The app configuration for generated tokens: `testA`/`testB` are the test roots (test projects only),
 * `liveA`/`liveB` stand in for the provider's production roots. Both kits' keys are configured.
 */
export function walletEnvFor(kits: {
  testA: WalletATestKit;
  liveA: WalletATestKit;
  testB: WalletBTestKit;
  liveB: WalletBTestKit;
}): Record<string, string> {
  const files = writeKeyFiles({
    'test-a-merchant.pem': kits.testA.merchantCertificatePem,
    'test-a-merchant.key': kits.testA.merchantPrivateKeyPem,
    'live-a-merchant.pem': kits.liveA.merchantCertificatePem,
    'live-a-merchant.key': kits.liveA.merchantPrivateKeyPem,
    'test-a-root.pem': kits.testA.rootCaPem,
    'live-a-root.pem': kits.liveA.rootCaPem,
    'test-b-recipient.key': kits.testB.recipientPrivateKeyPem,
    'live-b-recipient.key': kits.liveB.recipientPrivateKey,
    'test-b-root-keys.json': kits.testB.rootSigningKeysJson,
    'live-b-root-keys.json': kits.liveB.rootSigningKeysJson,
  });
  return {
    WALLET_A_PAYMENT_PROCESSING_KEYS: `${files['test-a-merchant.pem']}:${files['test-a-merchant.key']},${files['live-a-merchant.pem']}:${files['live-a-merchant.key']}`,
    WALLET_A_ROOT_CA: files['live-a-root.pem']!,
    WALLET_A_TEST_ROOT_CA: files['test-a-root.pem']!,
    WALLET_B_RECIPIENT_PRIVATE_KEYS: `${files['test-b-recipient.key']},${files['live-b-recipient.key']}`,
    WALLET_B_ROOT_SIGNING_KEYS: files['live-b-root-keys.json']!,
    WALLET_B_TEST_ROOT_SIGNING_KEYS: files['test-b-root-keys.json']!,
  };
}

export interface WalletOrder {
  orderId: string;
  transactionId: string;
  setupToken: string;
  order: Json;
}

/** An own-checkout order with one wallet transaction (spec 4.16: keep the ids and the setup token). */
export async function createWalletOrder(
  app: TestApp,
  apiKey: string,
  method: 'wallet-a-pay' | 'wallet-b-pay' | 'credit-card',
  overrides: Json = {},
  transaction: Json = {},
): Promise<WalletOrder> {
  const body = buildOwnCheckoutOrder(method, { amount: 1000, currency: 'EUR', ...overrides }, transaction);
  const { status, body: order, text } = await restClient(app.baseUrl, apiKey).post<Json>('/v1/orders/', body);
  if (status !== 201) throw new Error(`creating the order failed: ${status} ${text}`);
  return {
    orderId: order.id,
    transactionId: order.transactions[0].id,
    setupToken: order.transactions[0].payment_method_details.setup_token,
    order,
  };
}

/** What the database holds for a transaction: its stored cards and whether its setup token was used. */
export async function storedFor(app: TestApp, transactionId: string) {
  const [cards] = await sql<{ n: number }>(
    app.databaseUrl,
    'select count(*)::int as n from vault_cards where transaction_id = $1',
    [transactionId],
  );
  const [transaction] = await sql<{ setup_token_used_at: Date | null; status: string }>(
    app.databaseUrl,
    'select setup_token_used_at, status from transactions where id = $1',
    [transactionId],
  );
  return {
    cards: cards!.n,
    setupTokenUsed: transaction!.setup_token_used_at !== null,
    status: transaction!.status,
  };
}

export interface RecordingSessionClient extends MerchantSessionClient {
  readonly calls: MerchantSessionRequest[];
}

/** A merchant session transport that records every request and answers like the provider would. */
export function recordingSessionClient(
  answer: () => Promise<Record<string, unknown>>,
): RecordingSessionClient {
  const calls: MerchantSessionRequest[] = [];
  return {
    name: 'recording',
    calls,
    requestSession: async (session) => {
      calls.push(session);
      return answer();
    },
  };
}

/** Puts recording transports in place of both the live HTTPS client and the test simulator. */
export function recordSessions(
  app: TestApp,
  answer = async () => ({ merchantSessionIdentifier: 'SSH-RECORDED' }),
) {
  const live = recordingSessionClient(answer);
  const test = recordingSessionClient(answer);
  app.useWalletSessionClients({ live, test });
  return { live, test };
}

/** Sets the app's clock to `at` (the vectors were signed years ago). */
export function setAppClock(app: TestApp, at: Date | number): void {
  const target = typeof at === 'number' ? at : at.getTime();
  app.advanceClock(target - app.runtime.services.now().getTime());
}
