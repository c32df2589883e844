import { buildOwnCheckoutOrder } from '../factories/order.ts';
import {
  answerChallenge,
  createCardOrder,
  openPaymentPage,
  payOwnCheckoutOrder,
  postPaymentForm,
  storeCard,
  TEST_CARDS,
  TEST_CVC,
  TEST_EXPIRY,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

describe('one-click payments (spec 4.16) and Visa Account Name Inquiry (spec 2.5)', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  /** A completed first one-click transaction (card stored through the vault API, then authenticate). */
  const firstPayment = (options: { pan?: string; amount?: number; name?: string } = {}) =>
    payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      pan: options.pan,
      amount: options.amount,
      name: options.name,
      details: { one_click_type: 'first' },
    });

  const oneClickOrder = (details: Json, order: Json = {}) =>
    api.post<Json>(
      '/v1/orders/',
      buildOwnCheckoutOrder('credit-card', order, {
        payment_method_details: { one_click_type: 'one-click', ...details },
      }),
    );

  it('gives a first transaction a payment_url, and exposes vault_token and truncated_pan once completed', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey, {
      details: { one_click_type: 'first' },
    });
    const transaction = created.transactions[0];
    expect(transaction.payment_url).toBe(`${app.baseUrl}/redirect/${transaction.id}/to/payment/`);
    expect(transaction.payment_method_details.vault_token).toBeUndefined();

    const order = await firstPayment();
    expect(order.status).toBe('completed');
    expect(order.transactions[0].payment_method_details).toMatchObject({
      one_click_type: 'first',
      vault_token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      truncated_pan: '411111******1111',
    });
  });

  it('lets the customer enter the card on the payment page of a first transaction', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey, {
      details: { one_click_type: 'first' },
    });
    const paymentUrl = created.transactions[0].payment_url;
    const page = await openPaymentPage(paymentUrl);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="pan"');

    const invalid = await postPaymentForm(
      paymentUrl,
      'card',
      { pan: '4111111111111112', expiry: TEST_EXPIRY, name: 'John Doe', cvc: TEST_CVC },
      page,
    );
    expect(invalid.status).toBe(400);
    expect(invalid.html).toContain('This is not a valid card number');
    expect(invalid.html).not.toContain('4111111111111112');

    const paid = await postPaymentForm(
      paymentUrl,
      'card',
      { pan: TEST_CARDS.mastercard, expiry: TEST_EXPIRY, name: 'John Doe', cvc: TEST_CVC },
      page,
    );
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`https://shop.example/return?order_id=${created.id}`);
    const { body: order } = await api.get<Json>(`/v1/orders/${created.id}/`);
    expect(order.status).toBe('completed');
    expect(order.transactions[0]).toMatchObject({
      payment_method_brand: 'mastercard',
      payment_method_details: { vault_token: expect.any(String), truncated_pan: '555555******4444' },
    });
  });

  it('pays a later one-click order with vault_token and cvc: payment_url present, order completed', async () => {
    const first = await firstPayment();
    const vaultToken = first.transactions[0].payment_method_details.vault_token;
    const { status, body: order } = await oneClickOrder({ vault_token: vaultToken, cvc: TEST_CVC });
    expect(status).toBe(201);
    expect(order.status).toBe('completed');
    const [transaction] = order.transactions;
    expect(transaction).toMatchObject({
      status: 'accepted',
      payment_method_brand: 'visa',
      payment_url: `${app.baseUrl}/redirect/${transaction.id}/to/payment/`,
      payment_method_details: {
        one_click_type: 'one-click',
        vault_token: vaultToken,
        truncated_pan: '411111******1111',
      },
    });
    expect(transaction.payment_method_details.cvc).toBeUndefined();
  });

  it('pays a later one-click order with first_transaction_id and cvc', async () => {
    const first = await firstPayment({ pan: TEST_CARDS.mastercard });
    const { status, body: order } = await oneClickOrder({
      first_transaction_id: first.transactions[0].id,
      cvc: TEST_CVC,
    });
    expect(status).toBe(201);
    expect(order.status).toBe('completed');
    expect(order.transactions[0].payment_method_brand).toBe('mastercard');
  });

  it('sends a one-click customer through the challenge when the bank asks for one', async () => {
    const first = await firstPayment({ pan: TEST_CARDS.challenge });
    const { body: created } = await oneClickOrder({
      vault_token: first.transactions[0].payment_method_details.vault_token,
      cvc: TEST_CVC,
    });
    expect(created.transactions[0].status).toBe('pending');
    const answer = await answerChallenge(created.transactions[0].payment_url);
    expect(answer.location).toBe(`https://shop.example/return?order_id=${created.id}`);
    expect((await api.get<Json>(`/v1/orders/${created.id}/`)).body.status).toBe('completed');
  });

  it('pays a one-click order created through the createOrder mutation', async () => {
    const first = await firstPayment();
    const { data } = await graphqlClient(app.baseUrl, project.apiKey)<any>(
      `mutation C($input: CreateOrderInput!) { createOrder(input: $input) {
        order { status transactions { status paymentUrl paymentMethodDetails { oneClickType vaultToken } } }
        userErrors { field code } } }`,
      {
        input: {
          amount: 1500,
          currency: 'EUR',
          transactions: [
            {
              paymentMethod: 'CREDIT_CARD',
              paymentMethodDetails: {
                oneClickType: 'ONE_CLICK',
                vaultToken: first.transactions[0].payment_method_details.vault_token,
                cvc: TEST_CVC,
              },
            },
          ],
        },
      },
    );
    expect(data.createOrder.userErrors).toEqual([]);
    expect(data.createOrder.order).toMatchObject({
      status: 'COMPLETED',
      transactions: [
        {
          status: 'ACCEPTED',
          paymentUrl: expect.stringContaining('/to/payment/'),
          paymentMethodDetails: { oneClickType: 'ONE_CLICK', vaultToken: expect.any(String) },
        },
      ],
    });
  });

  it('refuses a one-click transaction without cvc (spec 7.3) with 400 and writes nothing', async () => {
    const first = await firstPayment();
    const before = await sql(app.databaseUrl, 'select count(*)::int as n from orders');
    const response = await oneClickOrder({
      vault_token: first.transactions[0].payment_method_details.vault_token,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { value: 'transactions.0.payment_method_details.cvc: is required for a one-click transaction' },
    });
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from orders')).toEqual(before);
  });

  it('refuses a one-click transaction with neither or both card references', async () => {
    const first = await firstPayment();
    expect((await oneClickOrder({ cvc: TEST_CVC })).status).toBe(400);
    const both = await oneClickOrder({
      vault_token: first.transactions[0].payment_method_details.vault_token,
      first_transaction_id: first.transactions[0].id,
      cvc: TEST_CVC,
    });
    expect(both.status).toBe(400);
  });

  it("refuses another project's vault token and first transaction as not found", async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const foreign = await payOwnCheckoutOrder(app.baseUrl, other.apiKey, {
      details: { one_click_type: 'first' },
    });
    const byToken = await oneClickOrder({
      vault_token: foreign.transactions[0].payment_method_details.vault_token,
      cvc: TEST_CVC,
    });
    expect(byToken.status).toBe(404);
    const byFirst = await oneClickOrder({ first_transaction_id: foreign.transactions[0].id, cvc: TEST_CVC });
    expect(byFirst.status).toBe(404);
  });

  it('refuses a first_transaction_id whose payment did not complete (409)', async () => {
    const declined = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      pan: TEST_CARDS.doNotHonour,
      details: { one_click_type: 'first' },
    });
    expect(declined.transactions[0].payment_method_details.vault_token).toBeUndefined();
    const response = await oneClickOrder({
      first_transaction_id: declined.transactions[0].id,
      cvc: TEST_CVC,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { type: 'first_transaction_not_completed' } });
  });

  it('refuses card references on a transaction that is not one-click', async () => {
    const response = await api.post(
      '/v1/orders/',
      buildOwnCheckoutOrder('credit-card', {}, { payment_method_details: { cvc: TEST_CVC } }),
    );
    expect(response.status).toBe(400);
    expect(response.text).not.toContain(TEST_CVC);
  });

  it('verifies and stores a card without charging when the first transaction has amount 0', async () => {
    const order = await firstPayment({ amount: 0, pan: TEST_CARDS.mastercard });
    expect(order.amount).toBe(0);
    expect(order.status).toBe('completed');
    expect(order.transactions[0]).toMatchObject({
      status: 'accepted',
      amount: 0,
      is_capturable: false,
      payment_method_details: { vault_token: expect.any(String) },
    });
    expect(order.transactions[0].payment_method_details.ani_results).toBeUndefined();
  });

  it.each([
    ['JOHN DOE', '01', 'full match'],
    ['john doe', '01', 'full match'],
    ['John Smith', '50', 'partial match'],
    ['Jane Roe', '99', 'no match'],
  ])(
    'runs the name inquiry on a zero-amount first Visa transaction: %s gives match %s',
    async (name, match, description) => {
      const order = await firstPayment({ amount: 0, name });
      expect(order.transactions[0].payment_method_details.ani_results).toEqual({
        status: '00',
        status_description: 'performed',
        match,
        match_description: description,
      });
    },
  );

  it('runs no name inquiry with an amount, without a name, or for a card of another brand', async () => {
    const charged = await firstPayment({ amount: 100, name: 'John Doe' });
    const nameless = await firstPayment({ amount: 0 });
    const mastercard = await firstPayment({ amount: 0, name: 'John Doe', pan: TEST_CARDS.mastercard });
    for (const order of [charged, nameless, mastercard]) {
      expect(order.transactions[0].payment_method_details.ani_results).toBeUndefined();
    }
  });

  it('uses the cardholder name sent with the order when the vault has none', async () => {
    const order = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 0,
      details: { one_click_type: 'first', cardholder_name: 'Doe' },
    });
    expect(order.transactions[0].payment_method_details.ani_results).toMatchObject({ match: '50' });
  });

  it('stores the card of the first transaction in the vault, not on the order', async () => {
    const order = await firstPayment();
    const vaultToken = order.transactions[0].payment_method_details.vault_token;
    const rows = await sql(
      app.databaseUrl,
      'select transaction_id, truncated_pan from vault_cards where id = $1',
      [vaultToken],
    );
    expect(rows).toEqual([{ transaction_id: order.transactions[0].id, truncated_pan: '411111******1111' }]);
  });

  it('stores the card used on the payment page only once, even when the setup token is tried afterwards', async () => {
    const created = await createCardOrder(app.baseUrl, project.apiKey, {
      details: { one_click_type: 'first' },
    });
    await postPaymentForm(created.transactions[0].payment_url, 'card', {
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
      cvc: TEST_CVC,
    });
    const reuse = await storeCard(app, project.apiKey, {
      setupToken: created.transactions[0].payment_method_details.setup_token,
    });
    expect(reuse.status).toBe(409);
  });
});
