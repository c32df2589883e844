import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../../src/platform/http/idempotency-fingerprint.ts';
import { createCardOrder, TEST_CARDS, TEST_EXPIRY, vaultUrlOf } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { everyRowAsText, sql } from '../helpers/database.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

const SECRET = 'an idempotency secret only this test knows';
/** Well-known test numbers of other brands, besides the simulator's own cards. */
const AMEX = '378282246310005';
const DISCOVER = '6011111111111117';

/** Every digest one could compute of `text` without a key, in the encodings people store them in. */
function unkeyedDigests(text: string): string[] {
  return ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3-256', 'sha3-512'].flatMap(
    (algorithm) => {
      const digest = createHash(algorithm).update(text).digest();
      return [digest.toString('hex'), digest.toString('base64'), digest.toString('base64url')];
    },
  );
}

describe('no unkeyed hash of card data anywhere in the database', () => {
  let app: TestApp;
  let project: SeededProject;
  /** Each card number sent, and every exact body that carried one. */
  const pans: string[] = [];
  const sentBodies: { path: string; body: Json }[] = [];
  let inlineRefusal: Json;

  const post = async (path: string, body: Json, key: string) => {
    sentBodies.push({ path, body });
    const response = await fetch(`${path.startsWith('http') ? '' : app.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: basicAuth(project.apiKey),
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Json;
  };

  const STORE = `mutation Store($input: StoreCardInput!) {
    storeCard(input: $input) { card { vaultToken } userErrors { field code message } }
  }`;

  beforeAll(async () => {
    app = await startTestApp({ IDEMPOTENCY_SECRET: SECRET });
    project = await seedProject(app);
    const setupToken = async () =>
      (await createCardOrder(app.baseUrl, project.apiKey)).transactions[0].payment_method_details.setup_token;

    // A card number in variables: stored in the vault, the request fingerprinted with its key.
    pans.push(TEST_CARDS.visa);
    const stored = await post(
      '/graphql',
      {
        query: STORE,
        variables: { input: { setupToken: await setupToken(), pan: TEST_CARDS.visa, expiry: TEST_EXPIRY } },
      },
      'variables-1',
    );
    expect(stored.data.storeCard.card.vaultToken).toEqual(expect.any(String));

    // A card number written into the document: refused, but the request still got a fingerprint.
    pans.push(TEST_CARDS.mastercard);
    const inline = `mutation { storeCard(input: {setupToken: "${await setupToken()}", pan: "${TEST_CARDS.mastercard}",
      expiry: "${TEST_EXPIRY}"}) { card { vaultToken } userErrors { field code message } } }`;
    inlineRefusal = await post('/graphql', { query: inline }, 'inline-1');

    // Grouped as people type it, in another mutation's free text.
    const grouped = AMEX.replace(/^(\d{4})(\d{6})(\d{5})$/, '$1 $2 $3');
    pans.push(AMEX);
    await post(
      '/graphql',
      {
        query: `mutation { createOrder(input: {amount: 1, currency: "EUR", description: "card ${grouped}"}) { order { id } userErrors { field code } } }`,
      },
      'inline-2',
    );

    // The vault's REST face, retried with the same key.
    pans.push(DISCOVER);
    const vaultBody = { setup_token: await setupToken(), pan: DISCOVER, expiry: TEST_EXPIRY };
    for (let attempt = 0; attempt < 2; attempt += 1)
      await post(`${vaultUrlOf(app)}/v1/cards/`, vaultBody, 'vault-1');
  });
  afterAll(() => app.stop());

  it('refuses a card number written into a GraphQL document, telling the caller to use variables', () => {
    expect({ data: (inlineRefusal as { data: unknown }).data }).toEqual({
      data: {
        storeCard: {
          card: null,
          userErrors: [
            {
              field: 'pan',
              code: 'card_number_in_document',
              message:
                'pan: card numbers must not be written into the GraphQL document; send them in variables',
            },
          ],
        },
      },
    });
  });

  it('stored no card for the refused inline request', async () => {
    const cards = await sql(app.databaseUrl, `select truncated_pan from vault_cards`);
    expect(cards.map((c) => c.truncated_pan).sort()).toEqual(['411111******1111', '601111******1117']);
  });

  it('keeps keyed fingerprints only (the search below finds what it looks for)', async () => {
    const rows = await sql<{ request_hash: string }>(
      app.databaseUrl,
      'select request_hash from idempotency_keys',
    );
    expect(rows).toHaveLength(4);
    const text = await everyRowAsText(app.databaseUrl);
    for (const { path, body } of sentBodies) {
      const url = new URL(path, app.baseUrl).pathname.replace(/\/+$/, '');
      const canonical = JSON.stringify(['POST', url, '', canonicalJson(body)]);
      expect(text).toContain(createHmac('sha256', SECRET).update(canonical).digest('hex'));
      for (const digest of unkeyedDigests(canonical)) expect(text).not.toContain(digest);
    }
  });

  it('has no card number, nor any unkeyed digest of one or of a request that carried one, in any table', async () => {
    const text = await everyRowAsText(app.databaseUrl);
    expect(text.length).toBeGreaterThan(2000);
    const secrets = [
      ...pans,
      ...pans.flatMap(unkeyedDigests),
      ...sentBodies.flatMap(({ body }) => [
        ...unkeyedDigests(JSON.stringify(body)),
        ...(typeof body.query === 'string' ? unkeyedDigests(body.query) : []),
      ]),
      // The fingerprint as it was before it was keyed: SHA-256 over the request with the PAN masked to its last four.
      ...sentBodies.flatMap(({ path, body }) => {
        const url = new URL(path, app.baseUrl).pathname.replace(/\/+$/, '');
        return unkeyedDigests(JSON.stringify(['POST', url, '', JSON.stringify(body)]));
      }),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('never logged a card number either', () => {
    const logs = app.logs.join('\n');
    for (const pan of pans) expect(logs).not.toContain(pan);
  });
});

describe('the idempotency secret', () => {
  it('is required in production', async () => {
    await expect(startTestApp({ NODE_ENV: 'production', IDEMPOTENCY_SECRET: '' })).rejects.toThrow(
      /IDEMPOTENCY_SECRET: is required in production/,
    );
  });

  it('tells apart deployments: the same request gets another fingerprint under another secret', async () => {
    const first = await startTestApp({ IDEMPOTENCY_SECRET: 'the first secret of thirty-two characters' });
    const second = await startTestApp({
      DATABASE_URL: first.databaseUrl,
      IDEMPOTENCY_SECRET: 'the second secret of thirty-two characters',
    });
    try {
      const project = await seedProject(first);
      const body = { amount: 995, currency: 'EUR' };
      const headers = { 'idempotency-key': 'same-key' };
      const firstResponse = await restClient(first.baseUrl, project.apiKey).post(
        '/v1/orders/',
        body,
        headers,
      );
      expect(firstResponse.status).toBe(201);
      const retried = await restClient(second.baseUrl, project.apiKey).post('/v1/orders/', body, headers);
      expect(retried.status).toBe(422);
      expect(retried.body).toMatchObject({ error: { type: 'idempotency_key_reused' } });
    } finally {
      await second.stop();
      await first.stop();
    }
  });
});
