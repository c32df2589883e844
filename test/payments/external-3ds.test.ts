import { buildOrder } from '../factories/order.ts';
import { createCardOrder, storeCard, TEST_CARDS, TEST_CVC } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const EXTERNAL = {
  cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
  '3ds_version': '2.2.0',
  '3ds_method_used': 'challenge',
  ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
};

describe('authenticate with external 3-D Secure values (spec 4.13)', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const orderWithCard = async (pan: string = TEST_CARDS.visa) => {
    const created = await createCardOrder(app.baseUrl, project.apiKey);
    const transaction = created.transactions[0];
    const { body: card } = await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      pan,
    });
    return {
      orderId: created.id as string,
      transactionId: transaction.id as string,
      vaultToken: card.vault_token as string,
      path: `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
    };
  };

  it('processes the payment directly: accepted transaction, completed order, values echoed, no redirect', async () => {
    const { path, vaultToken } = await orderWithCard();
    const { status, body: order } = await api.post<Record<string, any>>(path, {
      vault_token: vaultToken,
      cvc: TEST_CVC,
      ...EXTERNAL,
    });
    expect(status).toBe(200);
    expect(order.status).toBe('completed');
    const [transaction] = order.transactions;
    expect(transaction.status).toBe('accepted');
    expect(transaction.payment_url).toBeUndefined();
    expect(order.redirect_url).toBeUndefined();
    expect(transaction.payment_method_details.external_authentication_details).toEqual({
      authenticationValue: EXTERNAL.cavv,
      protocolVersion: '2.2.0',
      methodUsed: 'challenge',
      dsTransID: EXTERNAL.ds_transaction_id,
    });
  });

  it('authorizes exactly once when the same transaction is authenticated twice at the same moment', async () => {
    const { orderId, path, vaultToken } = await orderWithCard();
    const body = { vault_token: vaultToken, cvc: TEST_CVC, ...EXTERNAL };
    const answers = await Promise.all([api.post(path, body), api.post(path, body), api.post(path, body)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1).every((status) => status === 409)).toBe(true);
    const events = await sql(
      app.databaseUrl,
      `select e.event from transaction_events e join transactions t on t.id = e.transaction_id
        where t.order_id = $1 and e.event = 'accepted'`,
      [orderId],
    );
    expect(events).toHaveLength(1);
  });

  it('skips our own challenge for a card that would otherwise need one', async () => {
    const { path, vaultToken } = await orderWithCard(TEST_CARDS.challenge);
    const { body: order } = await api.post<Record<string, any>>(path, {
      vault_token: vaultToken,
      cvc: TEST_CVC,
      ...EXTERNAL,
    });
    expect(order.status).toBe('completed');
    expect(order.transactions[0].status).toBe('accepted');
    expect(order.transactions[0].payment_url).toBeUndefined();
  });

  it('still reports a decline of the issuer as a declined transaction', async () => {
    const { path, vaultToken } = await orderWithCard(TEST_CARDS.insufficientFunds);
    const { status, body: order } = await api.post<Record<string, any>>(path, {
      vault_token: vaultToken,
      cvc: TEST_CVC,
      ...EXTERNAL,
    });
    expect(status).toBe(200);
    expect(order.status).toBe('error');
    expect(order.transactions[0]).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
  });

  it.each([
    ['without cavv', { ...EXTERNAL, cavv: undefined }, 'cavv'],
    ['without 3ds_version', { ...EXTERNAL, '3ds_version': undefined }, '3ds_version'],
    ['with only ds_transaction_id', { ds_transaction_id: EXTERNAL.ds_transaction_id }, 'cavv'],
  ])('refuses partial external values (%s) with 400 and changes nothing', async (_case, values, field) => {
    const { path, vaultToken, orderId } = await orderWithCard();
    const response = await api.post(path, { vault_token: vaultToken, cvc: TEST_CVC, ...values });
    expect(response.status).toBe(400);
    expect(response.text).toContain(`${field}: is required with external 3-D Secure values`);
    const [row] = await sql(app.databaseUrl, 'select status from orders where id = $1', [orderId]);
    expect(row!.status).toBe('new');
  });

  it('requires vault_token and cvc with external values', async () => {
    const { path } = await orderWithCard();
    const response = await api.post(path, EXTERNAL);
    expect(response.status).toBe(400);
    expect(response.text).toContain('vault_token: is required with external 3-D Secure values');
    expect(response.text).toContain('cvc: is required with external 3-D Secure values');
  });

  it('refuses malformed external values with 400', async () => {
    const { path, vaultToken } = await orderWithCard();
    const response = await api.post(path, {
      vault_token: vaultToken,
      cvc: TEST_CVC,
      ...EXTERNAL,
      '3ds_version': 'three',
      ds_transaction_id: 'not-a-uuid',
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('3ds_version');
    expect(response.text).toContain('ds_transaction_id');
  });

  it('applies only to card transactions of an own checkout (409)', async () => {
    const wallet = await api.post<Record<string, any>>(
      '/v1/orders/',
      buildOrder({ transactions: [{ payment_method: 'wallet-b-pay' }] }),
    );
    const { vaultToken } = await orderWithCard();
    const response = await api.post(
      `/v1/orders/${wallet.body.id}/transactions/${wallet.body.transactions[0].id}/authenticate/`,
      { vault_token: vaultToken, cvc: TEST_CVC, ...EXTERNAL },
    );
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { type: 'transaction_not_payable' } });
  });

  it('works through the authenticateTransaction mutation, with field names of the GraphQL input', async () => {
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const AUTHENTICATE = `mutation A($input: AuthenticateTransactionInput!) {
      authenticateTransaction(input: $input) {
        order { status transactions { status paymentMethodDetails {
          externalAuthenticationDetails { authenticationValue protocolVersion methodUsed dsTransID } } } }
        userErrors { field code message }
      }
    }`;
    const { orderId, transactionId, vaultToken } = await orderWithCard();
    const partial = await gql<any>(AUTHENTICATE, {
      input: { orderId, transactionId, vaultToken, cvc: TEST_CVC, cavv: EXTERNAL.cavv },
    });
    expect(partial.data.authenticateTransaction.order).toBeNull();
    expect(partial.data.authenticateTransaction.userErrors[0]).toMatchObject({
      field: 'threeDSVersion',
      code: 'invalid_request',
    });

    const { data } = await gql<any>(AUTHENTICATE, {
      input: {
        orderId,
        transactionId,
        vaultToken,
        cvc: TEST_CVC,
        cavv: EXTERNAL.cavv,
        threeDSVersion: EXTERNAL['3ds_version'],
        threeDSMethodUsed: EXTERNAL['3ds_method_used'],
        dsTransactionId: EXTERNAL.ds_transaction_id,
      },
    });
    expect(data.authenticateTransaction.userErrors).toEqual([]);
    expect(data.authenticateTransaction.order).toEqual({
      status: 'COMPLETED',
      transactions: [
        {
          status: 'ACCEPTED',
          paymentMethodDetails: {
            externalAuthenticationDetails: {
              authenticationValue: EXTERNAL.cavv,
              protocolVersion: '2.2.0',
              methodUsed: 'challenge',
              dsTransID: EXTERNAL.ds_transaction_id,
            },
          },
        },
      ],
    });
  });
});
