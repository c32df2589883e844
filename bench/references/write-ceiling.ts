import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for writes: the database's own ceiling for the rows one create order commits, driven through a
 * raw `pg` pool against the same PostgreSQL the project uses, behind the thinnest HTTP server (node:http), so
 * the same load generator drives it.
 *
 * The rows mirror create order (src/modules/orders/commands/create-order.ts and the payments hook that
 * schedules the expiry timer), in one of three shapes (SHAPE):
 * - `hosted`: the order and its pg-boss expiry job, what a hosted create writes;
 * - `own-checkout` (default): also its credit-card transaction, the transaction's first event and the outbox
 *   row (the event, with its snapshot) — the "order + transaction + outbox".
 * - `minimal` (issue 31): the least work the database must do for a payment: the order, its transaction and
 *   one outbox row, into copies of those tables with their primary keys only (no secondary index, no foreign
 *   key, no job, no event row), made at start in the `bench_minimal` schema. It answers "how much of the cost
 *   is ours", where the two shapes above answer "how close are we to the same rows".
 * The outbox row is written already relayed, so the project server's relay finds nothing to do: its work would
 * otherwise load the machine and lower the reference. (No NOTIFY: the project sends none inside the write
 * either, only one coalesced after commits.) The rows go as one named prepared
 * statement in autocommit: one round trip, one commit, the least a database can do for this write.
 *
 * Env: DATABASE_URL, PROJECT_ID, MERCHANT_ID (the project's, so rows are valid), SHAPE, POOL_SIZE (default 50).
 */
const EXPIRY_JOB = `
  insert into pgboss.job (name, data, start_after, retry_limit, retry_delay, retry_backoff, expire_seconds,
    deletion_seconds, keep_until, policy)
  select q.name, jsonb_build_object('orderId', $1::text), $5, q.retry_limit, q.retry_delay, q.retry_backoff,
    q.expire_seconds, q.deletion_seconds, $5::timestamptz + make_interval(secs => q.retention_seconds), q.policy
  from pgboss.queue q where q.name = 'orders.expire'`;

const INSERT_HOSTED_ORDER = `
  with new_order as (
    insert into orders (id, project_id, merchant_id, kind, merchant_order_id, description, currency, amount, status,
      flags, checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
    values ($1, $2, $3, 'payment', 'bench', 'Write ceiling', 'EUR', 995, 'new', array['is-test'], 'hosted', 'PT1H',
      $5, 0, $4, $4)
  )${EXPIRY_JOB}`;

const INSERT_OWN_CHECKOUT_ORDER = `
  with new_order as (
    insert into orders (id, project_id, merchant_id, kind, merchant_order_id, description, currency, amount, status,
      flags, checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
    values ($1, $2, $3, 'payment', null, 'Write ceiling', 'EUR', 995, 'new', array['is-test'], 'own', 'PT1H',
      $5, 0, $4, $4)
  ), new_transaction as (
    insert into transactions (id, order_id, project_id, amount, currency, payment_method, payment_method_details,
      status, capture_mode, is_capturable, setup_token, created_at, modified_at)
    values ($6, $1, $2, 995, 'EUR', 'credit-card', '{}', 'new', 'automatic', false, $7, $4, $4)
  ), first_event as (
    insert into transaction_events (id, transaction_id, project_id, event, source, from_status, occurred_at)
    values ($8, $6, $2, 'new', 'set_status', null, $4)
  ), outbox as (
    insert into outbox_events (event_id, type, project_id, order_id, transaction_id, data, occurred_at, relayed_at)
    values ($9, 'transaction.status_changed', $2, $1, $6,
      jsonb_build_object('transaction_id', $6::uuid, 'status', 'new', 'from_status', null, 'amount', 995,
        'currency', 'EUR', 'payment_method', 'credit-card'), $4, $4)
  )${EXPIRY_JOB}`;

const INSERT_MINIMAL = `
  with new_order as (
    insert into bench_minimal.orders (id, project_id, merchant_id, kind, merchant_order_id, description, currency,
      amount, status, flags, checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
    values ($1, $2, $3, 'payment', null, 'Write ceiling', 'EUR', 995, 'new', array['is-test'], 'own', 'PT1H',
      $5, 0, $4, $4)
  ), new_transaction as (
    insert into bench_minimal.transactions (id, order_id, project_id, amount, currency, payment_method,
      payment_method_details, status, capture_mode, is_capturable, setup_token, created_at, modified_at)
    values ($6, $1, $2, 995, 'EUR', 'credit-card', '{}', 'new', 'automatic', false, $7, $4, $4)
  )
  insert into bench_minimal.outbox_events (event_id, type, project_id, order_id, transaction_id, data, occurred_at,
    relayed_at)
  values ($8, 'transaction.status_changed', $2, $1, $6,
    jsonb_build_object('transaction_id', $6::uuid, 'status', 'new', 'from_status', null, 'amount', 995,
      'currency', 'EUR', 'payment_method', 'credit-card'), $4, $4)`;

/** Copies of the three tables with their columns, defaults and primary keys only, emptied at every start. */
const MINIMAL_TABLES = ['orders', 'transactions', 'outbox_events'];
async function prepareMinimalTables(client: pg.Pool): Promise<void> {
  await client.query('create schema if not exists bench_minimal');
  for (const table of MINIMAL_TABLES) {
    const { rows } = await client.query<{ columns: string }>(
      `select string_agg(quote_ident(a.attname), ', ' order by array_position(i.indkey, a.attnum)) as columns
         from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary`,
      [`public.${table}`],
    );
    await client.query(`drop table if exists bench_minimal.${table}`);
    await client.query(
      `create table bench_minimal.${table} (like public.${table} including defaults including identity)`,
    );
    await client.query(`alter table bench_minimal.${table} add primary key (${rows[0]!.columns})`);
  }
}

const shape = process.env.SHAPE ?? 'own-checkout';
const hosted = shape === 'hosted';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 50),
  // Connections idle for a second are closed: the references measured while this one waits hold theirs, and
  // four references of 50 connections beside the project servers would pass PostgreSQL's max_connections (200).
  // A measurement opens its 50 again (and prepares its statement once on each) in its first milliseconds.
  idleTimeoutMillis: 1000,
});
const projectId = process.env.PROJECT_ID!;
const merchantId = process.env.MERCHANT_ID!;

async function insertOrder(): Promise<string> {
  const now = new Date();
  const id = randomUUID();
  const values: unknown[] = [id, projectId, merchantId, now, new Date(now.getTime() + 3_600_000)];
  if (!hosted) values.push(randomUUID(), randomUUID(), randomUUID());
  if (shape === 'own-checkout') values.push(randomUUID());
  await pool.query({
    name: 'write-ceiling-order',
    text: hosted ? INSERT_HOSTED_ORDER : shape === 'minimal' ? INSERT_MINIMAL : INSERT_OWN_CHECKOUT_ORDER,
    values,
  });
  return id;
}

if (shape === 'minimal') await prepareMinimalTables(pool);

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/orders') {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  insertOrder().then(
    (id) => {
      response.writeHead(201, { 'content-type': 'application/json' }).end(`{"id":"${id}"}`);
    },
    (error: Error) => {
      process.stderr.write(`write ceiling insert failed: ${error.message}\n`);
      response.writeHead(500).end();
    },
  );
});
// Keep-alive like Fastify's default, so the generator reuses connections for both servers alike.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  announce(`http://127.0.0.1:${port}`);
});
stopOn(async () => {
  server.close();
  await pool.end();
});
