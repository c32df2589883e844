import path from 'node:path';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { readVector, vectorsDir } from './crypto/support.ts';
import { createWalletOrder, setAppClock, storedFor, writeKeyFiles } from './support.ts';

/**
 * The public vectors (test/fixtures/wallet-vectors) through the HTTP endpoints, with verification on: the app's clock is
 * set to each vector's signing time, as the vectors' README asks. Background jobs are off, because the
 * order timers of an app living years in the past would fire at once.
 */
const walletA = (...segments: string[]) => path.join(vectorsDir, 'wallet-a', ...segments);
const walletB = (...segments: string[]) => path.join(vectorsDir, 'wallet-b', ...segments);

const walletAVectors = [
  {
    folder: 'ec-new',
    token: 'token.new.json',
    signingTime: '2023-09-13T13:49:38Z',
    expiry: '022029',
    cryptogram: '/x2gvNsADhptD1JXWRhcMAACAAA=',
  },
  {
    folder: 'ec-old',
    token: 'token.old.json',
    signingTime: '2023-03-20T20:46:55Z',
    expiry: '122023',
    cryptogram: '/4hD3+cAE5A3VxSlUf4yMAACAAA=',
  },
  {
    folder: 'rsa',
    token: 'token.json',
    signingTime: '2024-01-08T17:54:44Z',
    expiry: '022029',
    cryptogram: '/w87QS0AExt/z6EPXrU2MAACAAA=',
  },
];

const moovParams = JSON.parse(readVector('wallet-b', 'moov', 'params.json'));

describe('the public wallet vectors end to end over HTTP', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    const recipient = writeKeyFiles({ 'moov-recipient.key': moovParams.recipientPrivateKeyPkcs8Base64 });
    app = await startTestApp({
      JOBS_ENABLED: 'false',
      WALLET_A_ROOT_CA: walletA('AppleRootCA-G3.pem'),
      WALLET_A_PAYMENT_PROCESSING_KEYS: [
        `${walletA('ec-new', 'apple_pay.new.pem')}:${walletA('ec-new', 'private.new.key')}`,
        `${walletA('ec-old', 'apple_pay.old.pem')}:${walletA('ec-old', 'private.old.key')}`,
        `${walletA('rsa', 'apple_pay.pem')}:${walletA('rsa', 'private.key')}`,
      ].join(','),
      WALLET_B_TEST_ROOT_SIGNING_KEYS: walletB('moov', 'root-keys.json'),
      WALLET_B_RECIPIENT_PRIVATE_KEYS: recipient['moov-recipient.key']!,
      WALLET_B_MERCHANT_ID: moovParams.recipientId.replace(/^merchant:/, ''),
    });
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  const api = () => restClient(app.baseUrl, project.apiKey);
  const tokenOf = (vector: (typeof walletAVectors)[number]) =>
    JSON.parse(readVector('wallet-a', vector.folder, vector.token)).paymentData;

  it.each(walletAVectors)(
    'persists and pays the wallet A $folder vector as of its signing time',
    async (vector) => {
      setAppClock(app, new Date(new Date(vector.signingTime).getTime() + 30_000));
      const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay', {
        amount: 100,
        currency: 'USD',
      });

      const persisted = await api().post<Record<string, any>>('/v1/wallet-a-pay/payment-tokens/persist/', {
        setupToken: order.setupToken,
        ...tokenOf(vector),
      });
      expect(persisted.status).toBe(201);
      expect(persisted.body).toMatchObject({ onlinePaymentCryptogram: vector.cryptogram, eciIndicator: '7' });

      const retrieved = await api().get<Record<string, any>>(`/v1/orders/${order.orderId}/`);
      expect(retrieved.body.transactions[0].payment_method_details).toMatchObject({
        truncated_pan: '478400******0075',
        card_expiry: vector.expiry,
      });

      const executed = await restClient(app.baseUrl).post<Record<string, any>>(
        `/pay/${order.orderId}/select-payment-method/wallet-a-pay/${order.transactionId}/`,
        {
          vault_token: persisted.body.vaultToken,
          online_payment_cryptogram: persisted.body.onlinePaymentCryptogram,
          eci_indicator: persisted.body.eciIndicator,
        },
      );
      expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
      expect((await api().get<Record<string, any>>(`/v1/orders/${order.orderId}/`)).body.status).toBe(
        'completed',
      );
    },
  );

  it('refuses the wallet A vector a day after it was signed, storing nothing', async () => {
    const [vector] = walletAVectors;
    setAppClock(app, new Date(new Date(vector!.signingTime).getTime() + 24 * 3600_000));
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay', {
      amount: 100,
      currency: 'USD',
    });
    const response = await api().post<Record<string, any>>('/v1/wallet-a-pay/payment-tokens/persist/', {
      setupToken: order.setupToken,
      ...tokenOf(vector!),
    });
    expect(response.status).toBe(422);
    expect(response.body.error.type).toBe('signing_time_out_of_range');
    expect(await storedFor(app, order.transactionId)).toMatchObject({ cards: 0, setupTokenUsed: false });
  });

  it('stores and pays the wallet B vector through the test token service as of its verify time', async () => {
    setAppClock(app, moovParams.verifyAtEpochMs);
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const stored = await restClient(app.runtime.services.config.walletBTokenUrl).post<Record<string, any>>(
      '/test/tokens/',
      {
        walletBMessage: readVector('wallet-b', 'moov', 'token.json'),
        setupToken: order.setupToken,
        transactionId: order.transactionId,
      },
    );
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ cryptogram: '', eciIndicator: '' });
    const retrieved = await api().get<Record<string, any>>(`/v1/orders/${order.orderId}/`);
    expect(retrieved.body.transactions[0].payment_method_details).toMatchObject({
      truncated_pan: '411111******1111',
      card_expiry: '122027',
    });

    const executed = await restClient(app.baseUrl).post<Record<string, any>>(
      `/pay/${order.orderId}/select-payment-method/wallet-b-pay/${order.transactionId}/`,
      { ...stored.body, browser_info_language: 'en-US', browser_info_java_enabled: false },
    );
    expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
    expect((await api().get<Record<string, any>>(`/v1/orders/${order.orderId}/`)).body.status).toBe(
      'completed',
    );
  });

  it('refuses the wallet B vector once its message has expired, storing nothing', async () => {
    setAppClock(app, Number(moovParams.expected.messageExpiration) + 1000);
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const response = await restClient(app.runtime.services.config.walletBTokenUrl).post<Record<string, any>>(
      '/test/tokens/',
      {
        walletBMessage: readVector('wallet-b', 'moov', 'token.json'),
        setupToken: order.setupToken,
        transactionId: order.transactionId,
      },
    );
    expect(response.status).toBe(422);
    expect(response.body.error.type).toBe('message_expired');
    expect(await storedFor(app, order.transactionId)).toMatchObject({ cards: 0, setupTokenUsed: false });
  });
});
