import { answerChallenge, storeCard, TEST_CARDS, TEST_EXPIRY } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createWalletATestKit, createWalletBTestKit } from '../factories/wallet-tokens.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createWalletOrder, storedFor, type WalletOrder, walletEnvFor } from './support.ts';

const BROWSER_INFO = {
  browser_info_screen_width: 1920,
  browser_info_screen_height: 1080,
  browser_info_color_depth: 24,
  browser_info_user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  browser_info_time_zone_offset: -120,
  browser_info_language: 'en-US',
  browser_info_java_enabled: false,
};

describe('executing wallet payments (spec 4.10 to 4.12, 4.16)', () => {
  const testA = createWalletATestKit();
  const testB = createWalletBTestKit();
  let app: TestApp;
  let project: SeededProject;
  let api: ReturnType<typeof restClient>;
  /** The customer-facing calls carry no Authorization header. */
  let anonymous: ReturnType<typeof restClient>;

  beforeAll(async () => {
    app = await startTestApp(
      walletEnvFor({ testA, liveA: createWalletATestKit(), testB, liveB: createWalletBTestKit() }),
    );
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    anonymous = restClient(app.baseUrl);
  });
  afterAll(() => app.stop());

  const payPath = (order: WalletOrder, method: 'wallet-a-pay' | 'wallet-b-pay') =>
    `/pay/${order.orderId}/select-payment-method/${method}/${order.transactionId}/`;
  const retrieve = async (order: WalletOrder) =>
    (await api.get<Record<string, any>>(`/v1/orders/${order.orderId}/`)).body;

  /** Spec 4.16, wallet A with the encrypted payload: create order, 4.8, 4.10. */
  async function payWithWalletA(pan: string = TEST_CARDS.visa, orderOverrides: Record<string, unknown> = {}) {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay', orderOverrides);
    const persisted = await api.post<Record<string, any>>('/v1/wallet-a-pay/payment-tokens/persist/', {
      setupToken: order.setupToken,
      ...testA.makeToken({ pan }),
    });
    expect(persisted.status).toBe(201);
    const executed = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-a-pay'), {
      vault_token: persisted.body.vaultToken,
      online_payment_cryptogram: persisted.body.onlinePaymentCryptogram,
      eci_indicator: persisted.body.eciIndicator,
    });
    return { order, executed };
  }

  /** Spec 4.16, wallet B with the encrypted payload: create order, 4.9, 4.11. */
  async function payWithWalletB(options: { pan?: string; authMethod?: 'PAN_ONLY' | 'CRYPTOGRAM_3DS' } = {}) {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const walletBMessage = testB.makeToken({
      recipientId: `merchant:${project.projectId.replaceAll('-', '')}`,
      pan: options.pan ?? TEST_CARDS.visa,
      authMethod: options.authMethod ?? 'PAN_ONLY',
      eci: '05',
    });
    const tokenService = restClient(app.runtime.services.config.walletBTokenUrl);
    const stored = await tokenService.post<Record<string, any>>('/test/tokens/', {
      walletBMessage,
      setupToken: order.setupToken,
      transactionId: order.transactionId,
    });
    expect(stored.status).toBe(201);
    const executed = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-b-pay'), {
      ...stored.body,
      ...BROWSER_INFO,
    });
    return { order, stored: stored.body, executed };
  }

  it('pays a wallet A token end to end: a completed order', async () => {
    const { order, executed } = await payWithWalletA();
    expect(executed.status).toBe(200);
    expect(executed.body).toEqual({
      is_successful: true,
      redirect_url: `https://shop.example/return?order_id=${order.orderId}`,
      reason: 'none',
    });
    const retrieved = await retrieve(order);
    expect(retrieved.status).toBe('completed');
    expect(retrieved.transactions[0]).toMatchObject({
      payment_method: 'wallet-a-pay',
      status: 'accepted',
      payment_method_brand: 'visa',
      outcomes: { processing: { status: 'approved', response_code: '00' } },
      reason: 'none',
    });
    // The cryptogram authenticated the cardholder: recorded like external 3-D Secure, no challenge page.
    const [authorization] = await sql(
      app.databaseUrl,
      'select three_d_secure from card_authorizations where transaction_id = $1',
      [order.transactionId],
    );
    expect(authorization!.three_d_secure).toBe('external');
    expect(retrieved.transactions[0].payment_url).toBeUndefined();
  });

  it('pays a wallet B PAN_ONLY token end to end as a plain card payment', async () => {
    const { order, stored, executed } = await payWithWalletB({ authMethod: 'PAN_ONLY' });
    expect(stored.cryptogram).toBe('');
    expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
    expect((await retrieve(order)).status).toBe('completed');
    const [authorization] = await sql(
      app.databaseUrl,
      'select three_d_secure from card_authorizations where transaction_id = $1',
      [order.transactionId],
    );
    expect(authorization!.three_d_secure).toBe('none');
  });

  it('pays a wallet B CRYPTOGRAM_3DS token end to end', async () => {
    const { order, stored, executed } = await payWithWalletB({
      authMethod: 'CRYPTOGRAM_3DS',
      pan: TEST_CARDS.mastercard,
    });
    expect(stored.cryptogram).not.toBe('');
    expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
    const retrieved = await retrieve(order);
    expect(retrieved.status).toBe('completed');
    expect(retrieved.transactions[0]).toMatchObject({
      status: 'accepted',
      payment_method_brand: 'mastercard',
    });
  });

  it('answers a decline of the acquirer with is_successful false and its reason', async () => {
    const { order, executed } = await payWithWalletA(TEST_CARDS.insufficientFunds, {
      failure_url: 'https://shop.example/failed',
    });
    expect(executed.status).toBe(200);
    expect(executed.body).toEqual({
      is_successful: false,
      redirect_url: `https://shop.example/failed?order_id=${order.orderId}`,
      reason: 'insufficient_funds',
    });
    const retrieved = await retrieve(order);
    expect(retrieved.status).toBe('error');
    expect(retrieved.transactions[0]).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
  });

  it('answers a processor error with reason processor_error', async () => {
    const { order, executed } = await payWithWalletB({
      pan: TEST_CARDS.processorError,
      authMethod: 'CRYPTOGRAM_3DS',
    });
    expect(executed.body).toMatchObject({ is_successful: false, reason: 'processor_error' });
    expect((await retrieve(order)).transactions[0].status).toBe('error');
  });

  it('sends a PAN_ONLY card the issuer challenges to the challenge page', async () => {
    const { order, executed } = await payWithWalletB({ pan: TEST_CARDS.challenge, authMethod: 'PAN_ONLY' });
    const retrieved = await retrieve(order);
    expect(executed.body).toEqual({
      is_successful: false,
      redirect_url: retrieved.transactions[0].payment_url,
      reason: 'authentication_required',
    });
    expect(retrieved.transactions[0].status).toBe('pending');

    // The challenge page serves wallet payments too, and passing it completes the order.
    const page = await fetch(executed.body.redirect_url);
    expect(page.status).toBe(200);
    const answered = await answerChallenge(executed.body.redirect_url);
    expect(answered.status).toBe(303);
    expect((await retrieve(order)).status).toBe('completed');
  });

  it('skips the challenge when the wallet sent a cryptogram', async () => {
    const { order, executed } = await payWithWalletB({
      pan: TEST_CARDS.challenge,
      authMethod: 'CRYPTOGRAM_3DS',
    });
    expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
    expect((await retrieve(order)).status).toBe('completed');
  });

  it('redirects to the order page when the order has no return_url', async () => {
    const { order, executed } = await payWithWalletA(TEST_CARDS.visa, { return_url: undefined });
    expect(executed.body.redirect_url).toBe(`${app.baseUrl}/pay/${order.orderId}/`);
  });

  it('pays with a card the merchant decrypted itself and stored through the vault (4.16)', async () => {
    for (const method of ['wallet-a-pay', 'wallet-b-pay'] as const) {
      const order = await createWalletOrder(app, project.apiKey, method);
      const stored = await storeCard(app, project.apiKey, {
        setupToken: order.setupToken,
        pan: TEST_CARDS.visa,
        expiry: TEST_EXPIRY,
      });
      expect(stored.status).toBe(201);
      const body =
        method === 'wallet-a-pay'
          ? {
              vault_token: stored.body.vault_token,
              online_payment_cryptogram: 'AOBxc3Nhbm90aGVyY3J5cHQ=',
              eci_indicator: '05',
            }
          : { vaultToken: stored.body.vault_token, cryptogram: '', eciIndicator: '', ...BROWSER_INFO };
      const executed = await anonymous.post<Record<string, any>>(payPath(order, method), body);
      expect(executed.body).toMatchObject({ is_successful: true, reason: 'none' });
      expect((await retrieve(order)).status).toBe('completed');
    }
  });

  it('accepts only a vault token stored for that very transaction', async () => {
    const first = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const second = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const stored = await storeCard(app, project.apiKey, { setupToken: first.setupToken });
    const response = await anonymous.post<Record<string, any>>(payPath(second, 'wallet-a-pay'), {
      vault_token: stored.body.vault_token,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.value).toBe('Vault token not found');
    expect((await retrieve(second)).status).toBe('new');
    expect((await retrieve(first)).status).toBe('new');
  });

  it('answers unknown orders and transactions of another method as not found', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const stored = await storeCard(app, project.apiKey, { setupToken: order.setupToken });
    const wrongMethod = await anonymous.post(payPath(order, 'wallet-b-pay'), {
      vaultToken: stored.body.vault_token,
    });
    expect(wrongMethod.status).toBe(404);
    const unknownOrder = await anonymous.post(
      `/pay/00000000-0000-4000-8000-000000000000/select-payment-method/wallet-a-pay/${order.transactionId}/`,
      { vault_token: stored.body.vault_token },
    );
    expect(unknownOrder.status).toBe(404);
    expect((await retrieve(order)).status).toBe('new');
  });

  it('refuses to pay a transaction twice', async () => {
    const { order } = await payWithWalletA();
    const [card] = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from vault_cards where transaction_id = $1',
      [order.transactionId],
    );
    const again = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-a-pay'), {
      vault_token: card!.id,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('transaction_not_payable');
  });

  it.each([
    ['browser_info_screen_width', '1920'],
    ['browser_info_screen_height', 10.5],
    ['browser_info_color_depth', 0],
    ['browser_info_user_agent', 42],
    ['browser_info_time_zone_offset', '-120'],
    ['browser_info_language', 'en US'],
    ['browser_info_java_enabled', 'false'],
    ['cryptogram', 12],
    ['eciIndicator', '5a'],
  ])('checks the type of %s', async (field, value) => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const stored = await storeCard(app, project.apiKey, { setupToken: order.setupToken });
    const response = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-b-pay'), {
      vaultToken: stored.body.vault_token,
      ...BROWSER_INFO,
      [field]: value,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.value).toContain(`${field}:`);
    expect(await storedFor(app, order.transactionId)).toMatchObject({ status: 'new' });
  });

  it('refuses unknown fields and a missing vault token', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const unknown = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-a-pay'), {
      vault_token: '00000000-0000-4000-8000-000000000000',
      pan: TEST_CARDS.visa,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).not.toContain(TEST_CARDS.visa);
    const missing = await anonymous.post<Record<string, any>>(payPath(order, 'wallet-a-pay'), {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.value).toContain('vault_token');
  });
});
