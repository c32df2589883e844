import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SeededProject } from '../factories/project.ts';

/**
 * Search tests seed orders straight into the database: they are about finding orders, not creating them, and
 * need exact timestamps, statuses and transactions that the API would only reach through long flows.
 */
export interface SeedTransaction {
  id?: string;
  status?: string;
  paymentMethod?: string;
  brand?: string | null;
  amount?: number;
  currency?: string;
  details?: Record<string, unknown>;
  refundOfTransactionId?: string | null;
  /** Money that moved on this row (minor units, negative for money out), as the status changes record it. */
  settlementAmount?: number | null;
  createdAt?: string;
}

export interface SeedOrder {
  id?: string;
  merchantOrderId?: string | null;
  description?: string | null;
  currency?: string;
  amount?: number;
  status?: string;
  flags?: string[];
  customer?: Record<string, unknown> | null;
  createdAt?: string;
  modifiedAt?: string;
  completedAt?: string | null;
  transactions?: SeedTransaction[];
}

/**
 * Inserts the orders (and their transactions) in one database transaction; returns their ids in order. Their
 * times lie in the past, but each expires a day from now: the app's expiry sweep would otherwise expire the open
 * ones (`new`, `processing`) within a second, changing the very statuses and times the tests search for.
 */
export async function insertOrders(
  databaseUrl: string,
  project: SeededProject,
  orders: SeedOrder[],
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const ids: string[] = [];
    for (const order of orders) {
      const id = order.id ?? randomUUID();
      const createdAt = order.createdAt ?? '2026-11-01T10:00:00.000Z';
      const currency = order.currency ?? 'EUR';
      const amount = order.amount ?? 995;
      await client.query(
        `insert into orders (id, project_id, merchant_id, merchant_order_id, description, currency, amount, status,
           flags, checkout, expiration_period, expires_at, customer, created_at, modified_at, completed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'hosted', 'PT1H', now() + interval '1 day', $11,
           $10, $12, $13)`,
        [
          id,
          project.projectId,
          project.merchantId,
          order.merchantOrderId === undefined ? `order-${id.slice(0, 8)}` : order.merchantOrderId,
          order.description === undefined ? 'Test order' : order.description,
          currency,
          amount,
          order.status ?? 'new',
          order.flags ?? ['is-test'],
          createdAt,
          order.customer ?? null,
          order.modifiedAt ?? createdAt,
          order.completedAt ?? null,
        ],
      );
      for (const [index, transaction] of (order.transactions ?? []).entries()) {
        await client.query(
          `insert into transactions (id, order_id, project_id, amount, currency, payment_method,
             payment_method_brand, payment_method_details, status, refund_of_transaction_id, created_at, modified_at,
             settlement_amount, settlement_currency)
           values ($1, $2, $3, $4, $5::text, $6, $7, $8, $9, $10, $11, $11, $12::bigint,
             case when $12::bigint is null then null else $5::text end)`,
          [
            transaction.id ?? randomUUID(),
            id,
            project.projectId,
            transaction.amount ?? amount,
            transaction.currency ?? currency,
            transaction.paymentMethod ?? 'credit-card',
            transaction.brand ?? null,
            transaction.details ?? {},
            transaction.status ?? 'new',
            transaction.refundOfTransactionId ?? null,
            transaction.createdAt ?? new Date(Date.parse(createdAt) + index * 1000).toISOString(),
            transaction.settlementAmount ?? null,
          ],
        );
      }
      ids.push(id);
    }
    await client.query('commit');
    return ids;
  } finally {
    await client.end();
  }
}

/**
 * Inserts `count` orders with one transaction each, set-based. Creation times repeat in groups of `tie`
 * (several orders share a timestamp, so paging must break ties by id) and amounts cycle through few values;
 * `padding` makes each merchant order id that many characters longer (rows written long at once, rather than
 * updated afterwards, which would write every row and index entry twice).
 */
export async function insertManyOrders(
  databaseUrl: string,
  project: SeededProject,
  count: number,
  options: { from?: string; tie?: number; padding?: number } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `with created as (
         insert into orders (id, project_id, merchant_id, merchant_order_id, description, currency, amount, status,
           flags, checkout, expiration_period, expires_at, created_at, modified_at)
         select gen_random_uuid(), $1, $2, 'bulk-' || g || repeat('x', $6::int), 'Bulk order', 'EUR', 100 * (g % 13), 'processing',
           array['is-test'], 'own', 'PT1H', now() + interval '1 hour',
           $4::timestamptz + (g / $5) * interval '1 second', $4::timestamptz + (g / $5) * interval '1 second'
         from generate_series(1, $3::int) g
         returning id, project_id, amount, currency, created_at
       ), transactions_created as (
         insert into transactions (id, order_id, project_id, amount, currency, payment_method, payment_method_details,
           status, created_at, modified_at)
         select gen_random_uuid(), id, project_id, amount, currency, 'credit-card', '{}', 'processing', created_at,
           created_at
         from created
       )
       select id::text from created`,
      [
        project.projectId,
        project.merchantId,
        count,
        options.from ?? '2026-01-01T00:00:00Z',
        options.tie ?? 5,
        options.padding ?? 0,
      ],
    );
    // As autovacuum would: without statistics the planner takes the fresh tables for empty ones.
    await client.query('analyze orders');
    await client.query('analyze transactions');
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/**
 * A small RFC 4180 reader (quoted fields, doubled quotes, CRLF records) to check the report cell by cell. It
 * copies whole runs of text between separators (a character-by-character reader took 2-3 s of CPU for the 25 MB
 * streaming report).
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      // A quoted field: runs up to each quote; a doubled quote is one quote, a single one ends the field.
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new Error('the CSV has an unterminated quoted field');
        field += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          i = quote + 1;
          break;
        }
        field += '"';
        from = quote + 2;
      }
    }
    // The rest of the field, up to the next comma or CRLF (a quoted field's closing quote is followed by one).
    let end = i;
    while (end < text.length && text[end] !== ',' && !(text[end] === '\r' && text[end + 1] === '\n'))
      end += 1;
    field += text.slice(i, end);
    record.push(field);
    if (end >= text.length) throw new Error('the CSV does not end with CRLF');
    if (text[end] === ',') {
      i = end + 1;
      if (i >= text.length) throw new Error('the CSV does not end with CRLF');
    } else {
      records.push(record);
      record = [];
      i = end + 2;
    }
  }
  return records;
}

/** Report lines as objects keyed by the header names. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}
