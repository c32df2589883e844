/**
 * Helpers for the hosted payment page tests: hosted orders over the API, a stand-in for the shop's return_url,
 * the page's forms posted as a browser would (with the CSRF cookie), and Debian's Chromium for browser tests.
 */

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { buildOrder } from '../factories/order.ts';
import { TEST_CVC, TEST_EXPIRY } from '../factories/payments.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';

type Json = Record<string, any>;

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Creates a hosted-page order (no transaction); returns the created order JSON. */
export async function createHostedOrder(
  baseUrl: string,
  apiKey: string,
  overrides: Json = {},
): Promise<Json> {
  const body = buildOrder(overrides);
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  const { status, body: order, text } = await restClient(baseUrl, apiKey).post<Json>('/v1/orders/', body);
  if (status !== 201) throw new Error(`creating the order failed: ${status} ${text}`);
  return order;
}

export async function getOrder(baseUrl: string, apiKey: string, orderId: string): Promise<Json> {
  return (await restClient(baseUrl, apiKey).get<Json>(`/v1/orders/${orderId}/`)).body;
}

/** The shop's side of `return_url` / `failure_url`: a local HTTP server that remembers where customers land. */
export interface ShopServer {
  url: string;
  /** Paths with query of every request received, e.g. `/return?order_id=...`. */
  visits: string[];
  close(): Promise<void>;
}

export async function startShop(): Promise<ShopServer> {
  const visits: string[] = [];
  const server: Server = createServer((request, response) => {
    visits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Shop</title><h1>Back at the shop</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    visits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export {
  type OpenedPage,
  openPage,
  PageBrowser,
  type PostResult,
  postPageForm,
} from '../helpers/pages.ts';

/** The card form's fields as a customer types them. */
export function cardFields(pan: string, extra: Record<string, string> = {}): Record<string, string> {
  const expiry = `${TEST_EXPIRY.slice(0, 2)} / ${TEST_EXPIRY.slice(4)}`;
  return { pan: pan.replace(/(\d{4})(?=\d)/g, '$1 '), expiry, cvc: TEST_CVC, name: 'John Doe', ...extra };
}

/** Every row of every table (the job queue's included) as text, to search for what must never be stored. */
export async function databaseText(databaseUrl: string): Promise<string> {
  const tables = await sql<{ schema: string; name: string }>(
    databaseUrl,
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const lines: string[] = [];
  for (const { schema, name } of tables) {
    for (const row of await sql(databaseUrl, `select * from "${schema}"."${name}"`))
      lines.push(JSON.stringify(row));
  }
  return lines.join('\n');
}
