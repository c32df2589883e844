import { buildOwnCheckoutOrder } from '../factories/order.ts';
import {
  createCardOrder,
  payOwnCheckoutOrder,
  postPaymentForm,
  storeCard,
  TEST_CARDS,
  TEST_EXPIRY,
} from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** A CVC no timestamp, id or amount in these flows contains as a whole value. */
const CVC = '739';

/** Every row of every table outside PostgreSQL's own catalogs (the job queue's schema included), as text. */
async function dumpDatabase(databaseUrl: string): Promise<{ text: string; values: string[] }> {
  const tables = await sql<{ schema: string; name: string }>(
    databaseUrl,
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const lines: string[] = [];
  const values: string[] = [];
  for (const { schema, name } of tables) {
    const rows = await sql(databaseUrl, `select * from "${schema}"."${name}"`);
    lines.push(`-- ${schema}.${name} (${rows.length} rows)`);
    for (const row of rows) {
      lines.push(JSON.stringify(row));
      collectLeaves(row, values);
    }
  }
  return { text: lines.join('\n'), values };
}

function collectLeaves(value: unknown, into: string[]): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const item of Object.values(value as object)) collectLeaves(item, into);
    return;
  }
  into.push(String(value));
}

describe('card numbers and CVCs at rest and in logs', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);

    // Every way a PAN or CVC enters the service: the vault (REST and GraphQL), authenticate (plain and with
    // external 3-D Secure), one-click orders, the payment page's card form, and refused requests.
    const api = restClient(app.baseUrl, project.apiKey);
    const first = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      pan: TEST_CARDS.visa,
      cvc: CVC,
      name: 'John Doe',
      captureMode: 'manual',
      details: { one_click_type: 'first' },
    });
    await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { pan: TEST_CARDS.challenge, cvc: CVC });
    await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { pan: TEST_CARDS.doNotHonour, cvc: CVC });
    await api.post(
      '/v1/orders/',
      buildOwnCheckoutOrder(
        'credit-card',
        {},
        {
          payment_method_details: {
            one_click_type: 'one-click',
            vault_token: first.transactions[0].payment_method_details.vault_token,
            cvc: CVC,
          },
        },
      ),
    );
    const external = await createCardOrder(app.baseUrl, project.apiKey);
    const { body: card } = await storeCard(app, project.apiKey, {
      setupToken: external.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.mastercard,
    });
    await api.post(`/v1/orders/${external.id}/transactions/${external.transactions[0].id}/authenticate/`, {
      vault_token: card.vault_token,
      cvc: CVC,
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      '3ds_version': '2.2.0',
      '3ds_method_used': 'challenge',
      ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
    });
    const onPage = await createCardOrder(app.baseUrl, project.apiKey, {
      details: { one_click_type: 'first' },
    });
    await postPaymentForm(onPage.transactions[0].payment_url, 'card', {
      pan: TEST_CARDS.insufficientFunds,
      expiry: TEST_EXPIRY,
      name: 'John Doe',
      cvc: CVC,
    });
    const viaGraphQL = await createCardOrder(app.baseUrl, project.apiKey);
    await graphqlClient(app.baseUrl, project.apiKey)(
      `mutation S($input: StoreCardInput!) { storeCard(input: $input) { card { vaultToken } } }`,
      {
        input: {
          setupToken: viaGraphQL.transactions[0].payment_method_details.setup_token,
          pan: TEST_CARDS.processorError,
          expiry: TEST_EXPIRY,
        },
      },
    );
    // An idempotent retry of a vault call keeps a replayable response: it must hold no card data either.
    const retried = await createCardOrder(app.baseUrl, project.apiKey);
    const vaultBody = {
      setup_token: retried.transactions[0].payment_method_details.setup_token,
      pan: TEST_CARDS.mastercard,
      expiry: TEST_EXPIRY,
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await restClient(`${app.baseUrl}/vault`, project.apiKey).post('/v1/cards/', vaultBody, {
        'idempotency-key': 'vault-retry-1',
      });
    }
    // Refused requests must not echo the card data into logs either.
    await storeCard(app, project.apiKey, { setupToken: 'not-a-token', pan: '4111111111111112' });
    await storeCard(app, project.apiKey, {
      setupToken: '00000000-0000-4000-8000-000000000000',
      pan: TEST_CARDS.mastercard,
    });
  });
  afterAll(() => app.stop());

  const PANS = [...Object.values(TEST_CARDS), '4111111111111112'];

  it('wrote the cards it was given to the vault (so the search below is meaningful)', async () => {
    const rows = await sql(app.databaseUrl, 'select truncated_pan from vault_cards order by truncated_pan');
    expect(rows.map((r) => r.truncated_pan)).toEqual(
      expect.arrayContaining([
        '400000******0002',
        '400000******0119',
        '400000******3220',
        '411111******1111',
      ]),
    );
  });

  it('has no card number in any column of any table', async () => {
    const { text } = await dumpDatabase(app.databaseUrl);
    expect(text.length).toBeGreaterThan(1000);
    for (const pan of PANS) expect(text).not.toContain(pan);
  });

  it('has no CVC in any column of any table', async () => {
    const { text, values } = await dumpDatabase(app.databaseUrl);
    expect(values).not.toContain(CVC);
    expect(text).not.toMatch(/"(cvc|cvv|security_code)"/i);
  });

  it('never logs a card number or a CVC', () => {
    const logs = app.logs.join('\n');
    expect(app.logs.length).toBeGreaterThan(10);
    for (const pan of PANS) expect(logs).not.toContain(pan);
    expect(logs).not.toContain(`"${CVC}"`);
    expect(logs).not.toMatch(/cvc=|"cvc":"\d/i);
  });
});
