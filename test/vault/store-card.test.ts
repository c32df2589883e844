import { createCardCipher, parseVaultKeys } from '../../src/modules/vault/card-crypto.ts';
import { createCardOrder, storeCard, TEST_CARDS, TEST_EXPIRY } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const TEST_KEYS = 'test1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

describe('card vault: POST {token_vault_url}/v1/cards/', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  const newSetupToken = async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    return order.transactions[0].payment_method_details.setup_token as string;
  };

  it('stores a card and answers 201 with the vault card record of spec 2.8', async () => {
    const response = await storeCard(app, project.apiKey, {
      setupToken: await newSetupToken(),
      pan: TEST_CARDS.visa,
      name: 'John Doe',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      vault_token: expect.stringMatching(/^[0-9a-f-]{36}$/),
      truncated_pan: '411111******1111',
      brand: 'visa',
      brands: ['visa'],
    });
  });

  it('gives orders and transactions time-ordered ids, and keeps a vault token (a credential) wholly random', async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    const response = await storeCard(app, project.apiKey, {
      setupToken: order.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.visa,
    });

    const version = (uuid: string) => uuid[14];
    expect([version(order.id), version(order.transactions[0].id)]).toEqual(['7', '7']);
    expect(version(response.body.vault_token)).toBe('4');
    expect(version(order.transactions[0].payment_method_details.setup_token)).toBe('4');
  });

  it('serves the vault under the path of TOKEN_VAULT_URL, by default /vault', async () => {
    expect(app.runtime.services.config.tokenVaultUrl).toBe(`${app.baseUrl}/vault`);
    const withoutSlash = await restClient(app.baseUrl, project.apiKey).post('/vault/v1/cards', {
      setup_token: await newSetupToken(),
      pan: TEST_CARDS.mastercard,
      expiry: TEST_EXPIRY,
    });
    expect(withoutSlash.status).toBe(201);
    expect(withoutSlash.body).toMatchObject({ truncated_pan: '555555******4444', brand: 'mastercard' });
  });

  it('keeps the PAN encrypted with AES-256-GCM under the configured key, with its key id beside it', async () => {
    const { body } = await storeCard(app, project.apiKey, {
      setupToken: await newSetupToken(),
      pan: TEST_CARDS.mastercard,
    });
    const [row] = await sql(app.databaseUrl, 'select * from vault_cards where id = $1', [body.vault_token]);
    expect(row).toMatchObject({
      project_id: project.projectId,
      key_id: 'test1',
      expiry: TEST_EXPIRY,
      brand: 'mastercard',
      truncated_pan: '555555******4444',
    });
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.mastercard);
    const { keys, activeKeyId } = parseVaultKeys(TEST_KEYS);
    const cipher = createCardCipher(keys, activeKeyId);
    const aad = `vault_card:${row!.id}:${project.projectId}`;
    expect(cipher.decrypt({ keyId: 'test1', ciphertext: String(row!.pan_ciphertext) }, aad)).toBe(
      TEST_CARDS.mastercard,
    );
  });

  it('shows the card facts on the transaction of the setup token, never the PAN', async () => {
    const order = await createCardOrder(app.baseUrl, project.apiKey);
    const transaction = order.transactions[0];
    await storeCard(app, project.apiKey, {
      setupToken: transaction.payment_method_details.setup_token,
      name: 'Jane Roe',
    });
    const { body } = await restClient(app.baseUrl, project.apiKey).get<Record<string, any>>(
      `/v1/orders/${order.id}/`,
    );
    expect(body.transactions[0]).toMatchObject({
      status: 'new',
      payment_method_brand: 'visa',
      payment_method_details: {
        truncated_pan: '411111******1111',
        card_expiry: TEST_EXPIRY,
        cardholder_name: 'Jane Roe',
      },
    });
  });

  it.each([
    ['a PAN with spaces', { pan: '4111 1111 1111 1111' }, 'pan: must be 12 to 19 digits without spaces'],
    ['a PAN that is too short', { pan: '41111111111' }, 'pan: must be 12 to 19 digits without spaces'],
    ['a PAN failing the Luhn check', { pan: '4111111111111112' }, 'pan: is not a valid card number'],
    ['an expiry month of 13', { expiry: '132030' }, 'expiry: must be MMYYYY with month 01 to 12'],
    ['an expiry in the past', { expiry: '012020' }, 'expiry: the card has expired'],
    ['an empty name', { name: '' }, 'name: must be 1 to 120 characters'],
    ['a name of 121 characters', { name: 'A'.repeat(121) }, 'name: must be 1 to 120 characters'],
    ['an unknown field', { cvc: '123' }, 'cvc: is not a known field'],
    ['a setup token that is not a uuid', { setup_token: 'abc' }, 'setup_token: must be a uuid'],
  ])('refuses %s with a 400 that does not repeat the card number', async (_case, override, message) => {
    const body = {
      setup_token: await newSetupToken(),
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
      ...override,
    };
    const response = await restClient(app.baseUrl, project.apiKey).post('/vault/v1/cards/', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { status: 400, type: 'invalid_request' } });
    expect(response.text).toContain(message);
    expect(response.text).not.toMatch(/4111\s?1111/);
  });

  it('refuses a missing PAN, expiry and setup token, listing every problem', async () => {
    const response = await restClient(app.baseUrl, project.apiKey).post('/vault/v1/cards/', {});
    expect(response.status).toBe(400);
    expect(response.text).toContain('pan: is required');
    expect(response.text).toContain('expiry: is required');
    expect(response.text).toContain('setup_token: is required');
  });

  it('refuses a setup token used a second time with 409 and stores nothing', async () => {
    const setupToken = await newSetupToken();
    expect((await storeCard(app, project.apiKey, { setupToken })).status).toBe(201);
    const again = await storeCard(app, project.apiKey, { setupToken, pan: TEST_CARDS.mastercard });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: { status: 409, type: 'setup_token_used', value: 'setup_token: has already been used' },
    });
    const rows = await sql(
      app.databaseUrl,
      'select count(*)::int as n from vault_cards c join transactions t on t.id = c.transaction_id where t.setup_token = $1',
      [setupToken],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('lets exactly one of two simultaneous requests use a setup token', async () => {
    const setupToken = await newSetupToken();
    const responses = await Promise.all([
      storeCard(app, project.apiKey, { setupToken }),
      storeCard(app, project.apiKey, { setupToken, pan: TEST_CARDS.mastercard }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a setup token more than 300 seconds after the order was created with 410', async () => {
    const setupToken = await newSetupToken();
    app.advanceClock(301_000);
    const response = await storeCard(app, project.apiKey, { setupToken });
    expect(response.status).toBe(410);
    expect(response.body).toMatchObject({ error: { type: 'setup_token_expired' } });
  });

  it('accepts a setup token just inside its 300 seconds', async () => {
    const setupToken = await newSetupToken();
    app.advanceClock(299_000);
    expect((await storeCard(app, project.apiKey, { setupToken })).status).toBe(201);
  });

  it("answers 404 for another project's setup token, exactly as for an unknown one, and leaves it usable", async () => {
    const setupToken = await newSetupToken();
    const other = await seedProject(app, { name: 'Other shop' });
    const foreign = await storeCard(app, other.apiKey, { setupToken });
    const unknown = await storeCard(app, other.apiKey, {
      setupToken: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((await storeCard(app, project.apiKey, { setupToken })).status).toBe(201);
  });

  it('requires the API key as Basic auth user name', async () => {
    const response = await restClient(app.baseUrl).post('/vault/v1/cards/', {
      setup_token: await newSetupToken(),
      pan: TEST_CARDS.visa,
      expiry: TEST_EXPIRY,
    });
    expect(response.status).toBe(401);
  });

  it('stores a card through the storeCard mutation with the same rules', async () => {
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const STORE = `mutation Store($input: StoreCardInput!) {
      storeCard(input: $input) { card { vaultToken truncatedPan brand brands } userErrors { field code message } }
    }`;
    const setupToken = await newSetupToken();
    const first = await gql<any>(STORE, { input: { setupToken, pan: TEST_CARDS.visa, expiry: TEST_EXPIRY } });
    expect(first.data.storeCard).toEqual({
      card: {
        vaultToken: expect.any(String),
        truncatedPan: '411111******1111',
        brand: 'visa',
        brands: ['visa'],
      },
      userErrors: [],
    });
    const again = await gql<any>(STORE, { input: { setupToken, pan: TEST_CARDS.visa, expiry: TEST_EXPIRY } });
    expect(again.data.storeCard).toEqual({
      card: null,
      userErrors: [
        { field: 'setupToken', code: 'setup_token_used', message: 'setupToken: has already been used' },
      ],
    });
    const invalid = await gql<any>(STORE, {
      input: { setupToken: await newSetupToken(), pan: '4111111111111112', expiry: TEST_EXPIRY },
    });
    expect(invalid.data.storeCard.userErrors[0]).toMatchObject({ field: 'pan', code: 'invalid_request' });
    expect(JSON.stringify(invalid)).not.toContain('4111111111111112');
  });
});
