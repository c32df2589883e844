/** Helpers for the payment link tests: links over the API, and a customer opening one as a browser would. */

import { sql } from '../helpers/database.ts';
import type { RestClient } from '../helpers/http.ts';

type Json = Record<string, any>;

/** Creates a link (EUR 12.50 unless overridden); returns the link JSON. */
export async function createLink(api: RestClient, overrides: Json = {}): Promise<Json> {
  const { status, body, text } = await api.post<Json>('/v1/payment-links/', {
    amount: 1250,
    currency: 'EUR',
    description: 'Concert ticket',
    ...overrides,
  });
  if (status !== 201) throw new Error(`creating the link failed: ${status} ${text}`);
  return body;
}

export interface LinkOpen {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

/** A customer opens the link's public URL (redirects are not followed, so the 303 can be seen). */
export async function openLink(url: string, headers: Record<string, string> = {}): Promise<LinkOpen> {
  const response = await fetch(url, { redirect: 'manual', headers });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}

/** The order id in a `/pay/{order_id}/` location. */
export function orderIdOf(location: string | null): string {
  const match = /\/pay\/([0-9a-f-]{36})\/$/.exec(location ?? '');
  if (!match) throw new Error(`not an order page: ${location}`);
  return match[1]!;
}

/** The orders stored for a link, oldest first, straight from the database. */
export function storedLinkOrders(databaseUrl: string, linkId: string) {
  return sql<{ id: string; status: string; amount: string }>(
    databaseUrl,
    'select id, status, amount from orders where payment_link_id = $1 order by created_at, id',
    [linkId],
  );
}
