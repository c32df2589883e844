import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createWalletATestKit, createWalletBTestKit } from '../factories/wallet-tokens.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { flipBase64Bit } from './crypto/support.ts';
import { createWalletOrder, storedFor, walletEnvFor } from './support.ts';

const PERSIST = '/v1/wallet-a-pay/payment-tokens/persist/';

describe('wallet A payment token (spec 4.8)', () => {
  const testA = createWalletATestKit();
  const liveA = createWalletATestKit();
  let app: TestApp;
  let project: SeededProject;
  let liveProject: SeededProject;

  beforeAll(async () => {
    app = await startTestApp(
      walletEnvFor({ testA, liveA, testB: createWalletBTestKit(), liveB: createWalletBTestKit() }),
    );
    project = await seedProject(app);
    liveProject = await seedProject(app, { mode: 'live' });
  });
  afterAll(() => app.stop());

  const persist = (apiKey: string, setupToken: string, token: object) =>
    restClient(app.baseUrl, apiKey).post<Record<string, any>>(PERSIST, { setupToken, ...token });

  it('decrypts the token, stores the card for the transaction and answers 201 with the cryptogram', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const token = testA.makeToken({
      pan: TEST_CARDS.mastercard,
      expiry: '301231',
      cryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eci: '05',
    });
    const { status, body, headers } = await persist(project.apiKey, order.setupToken, token);

    expect(status).toBe(201);
    expect(body).toEqual({
      vaultToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      onlinePaymentCryptogram: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      eciIndicator: '05',
    });
    const record = await restClient(app.baseUrl, project.apiKey).get(
      new URL(headers.get('location')!).pathname,
    );
    expect(record.body).toEqual({
      vault_token: body.vaultToken,
      truncated_pan: '555555******4444',
      brand: 'mastercard',
      brands: ['mastercard'],
    });
    expect(await storedFor(app, order.transactionId)).toEqual({
      cards: 1,
      setupTokenUsed: true,
      status: 'new',
    });
    const { body: retrieved } = await restClient(app.baseUrl, project.apiKey).get<Record<string, any>>(
      `/v1/orders/${order.orderId}/`,
    );
    expect(retrieved.transactions[0]).toMatchObject({
      payment_method: 'wallet-a-pay',
      payment_method_brand: 'mastercard',
      payment_method_details: { truncated_pan: '555555******4444', card_expiry: '122030' },
    });
    expect(JSON.stringify(retrieved)).not.toContain(TEST_CARDS.mastercard);
    expect(app.logs.join('')).not.toContain(TEST_CARDS.mastercard);
  });

  it('answers an empty eciIndicator when the token has none', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const { status, body } = await persist(project.apiKey, order.setupToken, testA.makeToken({ eci: null }));
    expect(status).toBe(201);
    expect(body.eciIndicator).toBe('');
  });

  describe('refuses, storing nothing and leaving the setup token unused,', () => {
    const refusals: [string, () => object, number, string][] = [
      [
        'tampered data',
        () => {
          const token = testA.makeToken();
          return { ...token, data: flipBase64Bit(token.data, 3) };
        },
        422,
        'signature_invalid',
      ],
      [
        'a tampered signature',
        () => {
          const token = testA.makeToken();
          return { ...token, signature: flipBase64Bit(token.signature, -10) };
        },
        422,
        'signature_invalid',
      ],
      [
        'a tampered transaction id',
        () => {
          const token = testA.makeToken();
          return {
            ...token,
            header: { ...token.header, transactionId: `ff${token.header.transactionId.slice(2)}` },
          };
        },
        422,
        'signature_invalid',
      ],
      [
        'a signing time too old',
        () => testA.makeToken({ signingTime: new Date(Date.now() - 10 * 60_000) }),
        422,
        'signing_time_out_of_range',
      ],
      [
        'an unknown publicKeyHash',
        () => {
          const token = testA.makeToken();
          return {
            ...token,
            header: { ...token.header, publicKeyHash: createWalletATestKit().publicKeyHash },
          };
        },
        422,
        'unknown_public_key_hash',
      ],
      [
        'a chain to a root that is not configured',
        () => createWalletATestKit().makeToken(),
        422,
        'certificate_chain_invalid',
      ],
      [
        'an expired signing certificate',
        () =>
          createWalletATestKit({
            leafValidity: {
              notBefore: new Date('2020-01-01T00:00:00Z'),
              notAfter: new Date('2021-01-01T00:00:00Z'),
            },
          }).makeToken(),
        422,
        'certificate_chain_invalid',
      ],
      [
        'an unsupported version',
        () => ({ ...testA.makeToken(), version: 'EC_v9' }),
        400,
        'unsupported_version',
      ],
      ['data that is not Base64', () => ({ ...testA.makeToken(), data: '***' }), 400, 'malformed_token'],
      ['a missing header', () => ({ ...testA.makeToken(), header: undefined }), 400, 'invalid_request'],
      ['a missing signature', () => ({ ...testA.makeToken(), signature: undefined }), 400, 'invalid_request'],
      [
        'a card number failing the check digit',
        () => testA.makeToken({ pan: '4111111111111112' }),
        422,
        'malformed_payment_data',
      ],
    ];

    it.each(refusals)('%s', async (_case, token, status, type) => {
      const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
      const response = await persist(project.apiKey, order.setupToken, token());
      expect(response.status).toBe(status);
      expect(response.body.error.type).toBe(type);
      expect(await storedFor(app, order.transactionId)).toEqual({
        cards: 0,
        setupTokenUsed: false,
        status: 'new',
      });
    });
  });

  it('accepts the test root for test projects only: a live project needs the provider root', async () => {
    const order = await createWalletOrder(app, liveProject.apiKey, 'wallet-a-pay');
    const refused = await persist(liveProject.apiKey, order.setupToken, testA.makeToken());
    expect(refused.status).toBe(422);
    expect(refused.body.error.type).toBe('certificate_chain_invalid');
    expect(await storedFor(app, order.transactionId)).toMatchObject({ cards: 0, setupTokenUsed: false });

    const accepted = await persist(liveProject.apiKey, order.setupToken, liveA.makeToken());
    expect(accepted.status).toBe(201);
  });

  it('refuses a reused setup token', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    expect((await persist(project.apiKey, order.setupToken, testA.makeToken())).status).toBe(201);
    const again = await persist(project.apiKey, order.setupToken, testA.makeToken());
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('setup_token_used');
    expect((await storedFor(app, order.transactionId)).cards).toBe(1);
  });

  it('refuses a setup token 300 seconds after the order was created', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    app.advanceClock(301_000);
    try {
      const response = await persist(
        project.apiKey,
        order.setupToken,
        testA.makeToken({ signingTime: new Date(Date.now() + 301_000) }),
      );
      expect(response.status).toBe(410);
      expect(response.body.error.type).toBe('setup_token_expired');
    } finally {
      app.advanceClock(-301_000);
    }
    expect(await storedFor(app, order.transactionId)).toMatchObject({ cards: 0, setupTokenUsed: false });
  });

  it('refuses the setup token of a card transaction', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'credit-card');
    const response = await persist(project.apiKey, order.setupToken, testA.makeToken());
    expect(response.status).toBe(409);
    expect(response.body.error.type).toBe('payment_method_mismatch');
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });

  it("answers another project's setup token as not found", async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const response = await persist(liveProject.apiKey, order.setupToken, liveA.makeToken());
    expect(response.status).toBe(404);
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });

  it('requires every field and the API key', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const { setupToken: _omitted, ...withoutSetupToken } = {
      setupToken: order.setupToken,
      ...testA.makeToken(),
    };
    const missing = await restClient(app.baseUrl, project.apiKey).post<Record<string, any>>(
      PERSIST,
      withoutSetupToken,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.value).toContain('setupToken');
    const anonymous = await restClient(app.baseUrl).post(PERSIST, {
      setupToken: order.setupToken,
      ...testA.makeToken(),
    });
    expect(anonymous.status).toBe(401);
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });
});
