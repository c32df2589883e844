import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { basicAuth } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * Keys in an order jsonb does not keep: longer before shorter, bytewise out of order, multi-byte characters
 * (é is 2 bytes, € 3, 😀 4), integer-like keys, and nested objects in arrays.
 */
const EXTRA = {
  zebra: 1,
  b: { yy: [{ dd: 1, c: 2 }], x: null },
  aa: 'two',
  a: true,
  '😀': 'four bytes',
  '€': 'three bytes',
  é: 'two bytes',
  f: 'one byte',
  '10': 10,
  '9': 9,
  Z: 'upper case sorts first',
};
const CLIENT = { version: '1.2.3', name: 'shop-plugin', os: 'linux' };
const CUSTOMER = {
  phone_numbers: ['+31 20 000 0000'],
  locale: 'nl_NL',
  first_name: 'Anna',
  city: 'Amsterdam',
  email_address: 'anna@shop.example',
  country: 'NL',
};

/**
 * The raw JSON text of the first value named `name` in a JSON document (at any depth, the outermost first),
 * exactly as the server wrote it: to compare key order, which a parsed value hides.
 */
function rawValue(text: string, name: string): string {
  const key = `${JSON.stringify(name)}:`;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      const end = stringEnd(text, index);
      if (text.startsWith(key, index))
        return text.slice(index + key.length, valueEnd(text, index + key.length));
      index = end;
    } else index += 1;
  }
  throw new Error(`no ${name} in ${text}`);
}

/** The index after the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  while (text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The index after the value starting at `start`. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  let index = start;
  do {
    const char = text[index]!;
    if (char === '"') {
      index = stringEnd(text, index);
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    else if (depth === 0 && char === ',') return index;
    index += 1;
  } while (depth > 0 || !/[,}\]]/.test(text[index] ?? '}'));
  return index;
}

/** Issue 13 point 1: what a create answers is exactly what a later GET answers, free-form JSON included. */
describe('a create answers exactly what a later read answers', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { authorization: basicAuth(project.apiKey), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const graphql = async (query: string, variables: Json) =>
    (await send('POST', '/graphql', { query, variables })).text;

  it('lists the keys of free-form JSON as PostgreSQL stores them', async () => {
    const [row] = await sql<{ stored: Json }>(app.databaseUrl, 'select $1::jsonb as stored', [
      JSON.stringify(EXTRA),
    ]);
    const created = await send('POST', '/v1/orders/', buildOrder({ extra: EXTRA }));
    expect(rawValue(created.text, 'extra')).toBe(JSON.stringify(row!.stored));
    // Integer-like keys come first in any JavaScript object; the rest by length in bytes, then bytewise.
    expect(Object.keys(JSON.parse(created.text).extra)).toEqual([
      '9',
      '10',
      'Z',
      'a',
      'b',
      'f',
      'aa',
      'é',
      '€',
      '😀',
      'zebra',
    ]);
  });

  it('over REST: the created order is byte for byte the GET, customer, client and extra included', async () => {
    const created = await send(
      'POST',
      '/v1/orders/',
      buildOrder({ extra: EXTRA, client: CLIENT, customer: CUSTOMER }),
    );
    expect(created.status).toBe(201);
    const read = await send('GET', `/v1/orders/${JSON.parse(created.text).id}/`);
    for (const field of ['customer', 'client', 'extra']) {
      expect(rawValue(created.text, field)).toBe(rawValue(read.text, field));
    }
    expect(created.text).toBe(read.text);
  });

  it('over REST: a refund answers its extra as the refund order is read later', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const created = await send('POST', `/v1/orders/${paid.id}/refunds/`, { amount: 100, extra: EXTRA });
    expect(created.status).toBe(201);
    const read = await send('GET', `/v1/orders/${JSON.parse(created.text).id}/`);
    expect(rawValue(created.text, 'extra')).toBe(rawValue(read.text, 'extra'));
  });

  it('over GraphQL: createOrder answers client and extra as order(id:) does later', async () => {
    const FIELDS = 'id extra client customer { firstName city emailAddress phoneNumbers }';
    const created = await graphql(
      `mutation($input: CreateOrderInput!) { createOrder(input: $input) { order { ${FIELDS} } userErrors { code } } }`,
      {
        input: {
          amount: 995,
          currency: 'EUR',
          extra: EXTRA,
          client: CLIENT,
          customer: { phoneNumbers: ['+31 20 000 0000'], firstName: 'Anna', city: 'Amsterdam' },
        },
      },
    );
    const { id } = JSON.parse(created).data.createOrder.order;
    const read = await graphql(`query($id: ID!) { order(id: $id) { ${FIELDS} } }`, { id });
    for (const field of ['extra', 'client', 'customer']) {
      expect(rawValue(created, field)).toBe(rawValue(read, field));
    }
    expect(rawValue(created, 'extra')).toBe(rawValue(rawValue(created, 'order'), 'extra'));
  });

  it('over GraphQL: refundOrder answers extra as the refund is read later', async () => {
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const created = await graphql(
      `mutation($id: ID!, $extra: JSONObject) {
         refundOrder(orderId: $id, amount: 100, extra: $extra) { refund { id extra } userErrors { code } }
       }`,
      { id: paid.id, extra: EXTRA },
    );
    const { id } = JSON.parse(created).data.refundOrder.refund;
    const read = await graphql('query($id: ID!) { order(id: $id) { extra } }', { id });
    expect(rawValue(created, 'extra')).toBe(rawValue(read, 'extra'));
  });
});
