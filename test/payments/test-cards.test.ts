import { createCardOrder, storeCard, TEST_CARDS, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

describe('own-checkout card payments against the simulator test cards', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  /** Create, store the card, authenticate: the answer of the authenticate call. */
  const pay = async (pan: string, order: Record<string, unknown> = {}) => {
    const created = await createCardOrder(app.baseUrl, project.apiKey, { order });
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan,
    });
    return api.post<Record<string, any>>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
  };

  it.each([
    [TEST_CARDS.visa, 'visa'],
    [TEST_CARDS.mastercard, 'mastercard'],
  ])(
    'approves %s (%s) without a challenge: transaction accepted, order completed, code 00',
    async (pan, brand) => {
      const { status, body: order } = await pay(pan);
      expect(status).toBe(200);
      expect(order.status).toBe('completed');
      expect(order.completed).toEqual(expect.any(String));
      expect(order.transactions[0]).toMatchObject({
        status: 'accepted',
        payment_method_brand: brand,
        reason: 'none',
        is_capturable: false,
        outcomes: {
          processing: { status: 'approved', response_code: '00', response_code_description: 'Approved' },
        },
      });
      expect(order.transactions[0].payment_url).toBeUndefined();
    },
  );

  it.each([
    [TEST_CARDS.doNotHonour, '05', 'Do not honour', 'do_not_honour'],
    [TEST_CARDS.insufficientFunds, '51', 'Insufficient funds', 'insufficient_funds'],
  ])(
    'declines %s with %s as an answer, not an HTTP error: order error, transaction declined',
    async (pan, code, description, reason) => {
      const { status, body: order } = await pay(pan);
      expect(status).toBe(200);
      expect(order.status).toBe('error');
      expect(order.transactions[0]).toMatchObject({
        status: 'declined',
        reason,
        payment_method_brand: 'visa',
        outcomes: {
          processing: { status: 'declined', response_code: code, response_code_description: description },
        },
      });
    },
  );

  it('reports a processor error (96 System malfunction) as transaction error and order error', async () => {
    const { status, body: order } = await pay(TEST_CARDS.processorError);
    expect(status).toBe(200);
    expect(order.status).toBe('error');
    expect(order.transactions[0]).toMatchObject({
      status: 'error',
      reason: 'processor_error',
      outcomes: {
        processing: { status: 'error', response_code: '96', response_code_description: 'System malfunction' },
      },
    });
  });

  it('leaves the 3-D Secure card pending with a payment_url to the challenge page', async () => {
    const { status, body: order } = await pay(TEST_CARDS.challenge);
    expect(status).toBe(200);
    expect(order.status).toBe('processing');
    const [transaction] = order.transactions;
    expect(transaction.status).toBe('pending');
    expect(transaction.payment_url).toBe(`${app.baseUrl}/redirect/${transaction.id}/to/payment/`);
    expect(transaction.outcomes.processing).toMatchObject({
      status: 'challenge_required',
      response_code: '1A',
    });
  });

  it('records each status step as a transaction event', async () => {
    const { body: order } = await pay(TEST_CARDS.visa);
    expect(order.transactions[0].events.map((e: { event: string }) => e.event)).toEqual(['new', 'accepted']);
  });

  it('pays with the card stored by the setup token when no vault_token is sent', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const transaction = created.transactions[0];
    await storeCard(app, project.apiKey, { setupToken: transaction.payment_method_details.setup_token });
    const { status, body } = await api.post<Record<string, any>>(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      {},
    );
    expect(status).toBe(200);
    expect(body.transactions[0].status).toBe('accepted');
  });

  it('refuses to authenticate before any card is stored (409) and a second time (409)', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const path = `/v1/orders/${created.id}/transactions/${created.transactions[0].id}/authenticate/`;
    const early = await api.post(path, {});
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: { type: 'card_not_stored' } });

    const { body: paid } = await pay(TEST_CARDS.visa);
    const again = await api.post(
      `/v1/orders/${paid.id}/transactions/${paid.transactions[0].id}/authenticate/`,
      {},
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { type: 'transaction_not_payable' } });
  });

  it("answers 404 for another project's order and for an unknown transaction", async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const other = await seedProject(app, { name: 'Other shop' });
    const path = `/v1/orders/${created.id}/transactions/${created.transactions[0].id}/authenticate/`;
    expect((await restClient(app.baseUrl, other.apiKey).post(path, {})).status).toBe(404);
    const unknown = await api.post(
      `/v1/orders/${created.id}/transactions/00000000-0000-4000-8000-000000000000/authenticate/`,
      {},
    );
    expect(unknown.status).toBe(404);
  });

  it("refuses another project's vault token as not found", async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const foreignOrder = await createCardOrder(app.baseUrl, other.apiKey);
    const { body: foreignCard } = await storeCard(app, other.apiKey, {
      setupToken: foreignOrder.transactions[0].payment_method_details.setup_token,
    });
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const response = await api.post(
      `/v1/orders/${created.id}/transactions/${created.transactions[0].id}/authenticate/`,
      { vault_token: foreignCard.vault_token, cvc: TEST_CVC },
    );
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { value: 'Vault token not found' } });
  });

  it('refuses a CVC of the wrong length without repeating it', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });
    const response = await api.post(`/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`, {
      vault_token: card.vault_token,
      cvc: '98765',
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('cvc: must be 3 digits');
    expect(response.text).not.toContain('98765');
  });

  it('refuses card payments of a live project: no acquirer is configured (422)', async () => {
    const live = await seedProject(app, { mode: 'live' });
    const created = await createCardOrder(app.baseUrl, live.apiKey);
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(app, live.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
    });
    const response = await restClient(app.baseUrl, live.apiKey).post(
      `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
      { vault_token: card.vault_token, cvc: TEST_CVC },
    );
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { type: 'acquirer_not_configured' } });
  });
});
