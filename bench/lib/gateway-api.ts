import { randomUUID } from 'node:crypto';

/**
 * The few public calls the benches make to prepare their cases (an order to read, a stored card, a webhook
 * URL), over REST and GraphQL exactly as a merchant would. Every call checks its status: a bench built on a
 * failed setup call would measure error pages.
 */
export interface Gateway {
  baseUrl: string;
  apiKey: string;
  /** Path of the card vault's store route, e.g. `/vault/v1/cards/`. */
  vaultPath?: string;
}

export const basicAuth = (apiKey: string) => `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

export function jsonHeaders(apiKey: string): Record<string, string> {
  return { authorization: basicAuth(apiKey), 'content-type': 'application/json' };
}

/** A well-formed key no project has: `pk_test_` and 32 base62 characters. */
export const UNKNOWN_KEY = 'pk_test_00000000000000000000000000000000';

/** Answers are the API's JSON; the callers use what they need. */
type Json = any;

export async function call(
  gateway: Gateway,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  expectStatus: number,
): Promise<{ json: Json; text: string }> {
  const response = await fetch(`${gateway.baseUrl}${path}`, {
    method,
    headers: jsonHeaders(gateway.apiKey),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expectStatus) {
    throw new Error(
      `${method} ${path} answered ${response.status}, expected ${expectStatus}: ${text.slice(0, 500)}`,
    );
  }
  return { json: text ? JSON.parse(text) : null, text };
}

export async function graphql(gateway: Gateway, query: string, variables: Record<string, unknown> = {}) {
  const { json } = await call(gateway, 'POST', '/graphql', { query, variables }, 200);
  if (json.errors) throw new Error(`GraphQL errors: ${JSON.stringify(json.errors)}`);
  return json.data;
}

/** README "Own checkout flow" with external 3-D Secure: create, store the card, authenticate. */
export async function payByCard(
  gateway: Gateway,
  amount = 995,
): Promise<{ orderId: string; vaultToken: string }> {
  const { json: order } = await call(
    gateway,
    'POST',
    '/v1/orders/',
    {
      amount,
      currency: 'EUR',
      description: 'Bench order',
      transactions: [{ payment_method: 'credit-card' }],
    },
    201,
  );
  const transaction = order.transactions[0];
  const { json: card } = await call(
    gateway,
    'POST',
    gateway.vaultPath ?? '/vault/v1/cards/',
    {
      pan: '4111111111111111',
      expiry: '122030',
      setup_token: transaction.payment_method_details.setup_token,
    },
    201,
  );
  const { json: paid } = await call(
    gateway,
    'POST',
    `/v1/orders/${order.id}/transactions/${transaction.id}/authenticate/`,
    {
      vault_token: card.vault_token,
      cvc: '123',
      cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
      '3ds_version': '2.2.0',
      '3ds_method_used': 'frictionless',
      ds_transaction_id: randomUUID(),
    },
    200,
  );
  if (paid.status !== 'completed') throw new Error(`card flow ended ${paid.status}, expected completed`);
  return { orderId: order.id, vaultToken: card.vault_token };
}

/** One status change through the public API: a one-click order is paid (new → completed) when it is created. */
export async function payOneClick(gateway: Gateway, vaultToken: string, amount = 995): Promise<string> {
  const { json } = await call(
    gateway,
    'POST',
    '/v1/orders/',
    {
      amount,
      currency: 'EUR',
      description: 'Bench one-click',
      transactions: [
        {
          payment_method: 'credit-card',
          payment_method_details: { one_click_type: 'one-click', vault_token: vaultToken, cvc: '123' },
        },
      ],
    },
    201,
  );
  if (json.status !== 'completed')
    throw new Error(`one-click order ended ${json.status}, expected completed`);
  return json.id;
}

export async function setProjectWebhookUrl(gateway: Gateway, url: string | null): Promise<void> {
  const data = await graphql(
    gateway,
    'mutation($url: String) { updateProject(input: { webhookUrl: $url }) { userErrors { field code message } } }',
    { url },
  );
  const errors = data.updateProject.userErrors;
  if (errors.length > 0) throw new Error(`updateProject refused the webhook URL: ${JSON.stringify(errors)}`);
}
