import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for writes: the database's own ceiling for the rows one create order commits, driven through a
 * raw `pg` pool against the same PostgreSQL the project uses, behind the thinnest HTTP server (node:http), so
 * the same load generator drives it.
 *
 * The rows mirror an own-checkout create order (src/modules/orders/commands/create-order.ts and the payments
 * hook that schedules the expiry timer): the order, its credit-card transaction, the transaction's first event,
 * the outbox row (whose trigger NOTIFYs the relay, as for a real order) and the pg-boss expiry job with the
 * queue's settings. A hosted create writes a subset of these (the order and its expiry job). They are sent as
 * one named prepared statement in autocommit: one round trip, one commit, the least a database can do for
 * this write.
 *
 * Env: DATABASE_URL, PROJECT_ID, MERCHANT_ID (the project's, so rows are valid), POOL_SIZE (default 50).
 */
const INSERT_ORDER = `
  with new_order as (
    insert into orders (id, project_id, merchant_id, kind, merchant_order_id, description, currency, amount, status,
      flags, checkout, expiration_period, expires_at, refunded_amount, created_at, modified_at)
    values ($1, $2, $3, 'payment', null, 'Write ceiling', 'EUR', 995, 'new', array['is-test'], 'own', 'PT1H',
      $6, 0, $5, $5)
  ), new_transaction as (
    insert into transactions (id, order_id, project_id, amount, currency, payment_method, payment_method_details,
      status, capture_mode, is_capturable, setup_token, created_at, modified_at)
    values ($4, $1, $2, 995, 'EUR', 'credit-card', '{}', 'new', 'automatic', false, $7, $5, $5)
  ), first_event as (
    insert into transaction_events (id, transaction_id, event, source, from_status, occurred_at)
    values ($8, $4, 'new', 'set_status', null, $5)
  ), outbox as (
    insert into outbox_events (topic, project_id, order_id, transaction_id, from_status, to_status)
    values ('transaction_status_changed', $2, $1, $4, null, 'new')
  )
  insert into pgboss.job (name, data, start_after, retry_limit, retry_delay, retry_backoff, expire_seconds,
    deletion_seconds, keep_until, policy)
  select q.name, jsonb_build_object('orderId', $1::text), $6, q.retry_limit, q.retry_delay, q.retry_backoff,
    q.expire_seconds, q.deletion_seconds, $6::timestamptz + make_interval(secs => q.retention_seconds), q.policy
  from pgboss.queue q where q.name = 'orders.expire'`;

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 50),
});
const projectId = process.env.PROJECT_ID!;
const merchantId = process.env.MERCHANT_ID!;

async function insertOrder(): Promise<string> {
  const now = new Date();
  const id = randomUUID();
  await pool.query({
    name: 'write-ceiling-order',
    text: INSERT_ORDER,
    values: [
      id,
      projectId,
      merchantId,
      randomUUID(),
      now,
      new Date(now.getTime() + 3_600_000),
      randomUUID(),
      randomUUID(),
    ],
  });
  return id;
}

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
