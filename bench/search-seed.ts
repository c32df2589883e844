import pg from 'pg';

/** First order's creation time; order n is created n minutes later (one million orders span ~23 months). */
export const SEED_EPOCH = '2024-01-01T00:00:00Z';

/** Order statuses in a plausible mix: 60% completed, the rest spread over the other outcomes. */
const STATUS_MIX = [
  ...Array<string>(12).fill('completed'),
  'cancelled',
  'cancelled',
  'expired',
  'expired',
  'error',
  'processing',
  'processing',
  'new',
];

/** Concurrent sessions that seed disjoint ranges of orders: index maintenance dominates, and it uses every core. */
const SESSIONS = 2;

/**
 * Seeds `count` orders of one project in a few set-based statements (generate_series), each non-new order with
 * one card transaction and every tenth also with an earlier declined attempt. Ends with VACUUM ANALYZE so
 * index-only scans and the planner's statistics are what a long-running database would have.
 */
export async function seedOrders(
  databaseUrl: string,
  options: { projectId: string; merchantId: string; count: number },
): Promise<{ transactions: number }> {
  const clients = await Promise.all(
    Array.from({ length: SESSIONS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    }),
  );
  try {
    const share = Math.ceil(options.count / SESSIONS);
    const counts = await Promise.all(
      clients.map((client, index) =>
        seedRange(client, {
          ...options,
          from: index * share + 1,
          to: Math.min(options.count, (index + 1) * share),
        }),
      ),
    );
    await clients[0]!.query('vacuum analyze orders');
    await clients[0]!.query('vacuum analyze transactions');
    return { transactions: counts.reduce((sum, count) => sum + count, 0) };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** Orders number `from` to `to` and their transactions; returns how many transactions. */
async function seedRange(
  client: pg.Client,
  options: { projectId: string; merchantId: string; from: number; to: number },
): Promise<number> {
  // The generated rows are consistent by construction: skip the per-row foreign key checks where allowed
  // (superuser, as in the embedded database); elsewhere they simply run.
  await client.query('set session_replication_role = replica').catch(() => undefined);
  const statuses = `array[${STATUS_MIX.map((s) => `'${s}'`).join(', ')}]::text[]`;
  await client.query(
    `insert into orders (id, project_id, merchant_id, kind, merchant_order_id, description, currency, amount,
       status, flags, checkout, expiration_period, expires_at, customer, created_at, modified_at, completed_at)
     select gen_random_uuid(), $1, $2, 'payment', 'bench-' || g, 'Bench order ' || g,
       (array['EUR', 'EUR', 'EUR', 'USD', 'GBP', 'JPY', 'KWD'])[1 + g % 7],
       100 + (g::bigint * 7919) % 99900,
       s.status, array['is-test'], 'own', 'PT1H', c.created + interval '1 hour',
       jsonb_build_object('merchant_customer_id', 'customer-' || g % 100000,
                          'email_address', 'customer' || g % 100000 || '@example.com'),
       c.created, c.created + interval '2 minutes',
       case when s.status = 'completed' then c.created + interval '2 minutes' end
     from generate_series($3::int, $5::int) g
     cross join lateral (select $4::timestamptz + g * interval '1 minute' + (g % 7) * interval '1 second'
                           as created) c
     cross join lateral (select (${statuses})[1 + (g * 31) % ${STATUS_MIX.length}] as status) s`,
    [options.projectId, options.merchantId, options.from, SEED_EPOCH, options.to],
  );
  const transactions = await client.query(
    `insert into transactions (id, order_id, project_id, amount, currency, payment_method, payment_method_brand,
       payment_method_details, status, capture_mode, is_capturable, created_at, modified_at)
     select gen_random_uuid(), o.id, o.project_id, o.amount, o.currency, 'credit-card',
       (array['visa', 'mastercard', 'amex'])[1 + n % 3],
       jsonb_build_object('truncated_pan', '411111******' || lpad((n % 10000)::text, 4, '0')),
       case when a.declined then 'declined' else
         case o.status when 'completed' then 'completed' when 'error' then 'declined'
                       when 'processing' then 'processing' else o.status end end,
       'automatic', false,
       o.created_at - case when a.declined then interval '30 seconds' else interval '0' end, o.modified_at
     from orders o
     cross join lateral (select substr(o.merchant_order_id, 7)::int as n) k
     cross join lateral (select false as declined union all select true where k.n % 10 = 0) a
     where o.project_id = $1 and o.status <> 'new' and k.n between $2 and $3`,
    [options.projectId, options.from, options.to],
  );
  await client.query('reset session_replication_role').catch(() => undefined);
  return transactions.rowCount ?? 0;
}
