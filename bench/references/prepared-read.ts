import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for REST reads (issue 31): the least a GET of an order can do — bare Fastify (no plugins, no logger,
 * no authentication) and one named prepared `pg` read, by primary key, of the JSON a real
 * `GET /v1/orders/{id}/` of the project returned (ORDER_JSON_FILE), stored once at start in
 * `bench_reference.order_json` of the project's own PostgreSQL. The JSON is read as text and sent as it is: the
 * database's round trip and the framework, nothing else.
 *
 * Env: DATABASE_URL, ORDER_ID, ORDER_JSON_FILE, POOL_SIZE (default 50).
 */
const orderId = process.env.ORDER_ID!;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE ?? 50),
  // Connections idle for a second are closed: the references measured while this one waits hold theirs, and
  // four references of 50 connections beside the project servers would pass PostgreSQL's max_connections (200).
  // A measurement opens its 50 again (and prepares its statement once on each) in its first milliseconds.
  idleTimeoutMillis: 1000,
});
await pool.query('create schema if not exists bench_reference');
await pool.query(
  'create table if not exists bench_reference.order_json (id uuid primary key, body text not null)',
);
await pool.query(
  'insert into bench_reference.order_json (id, body) values ($1, $2) on conflict (id) do update set body = excluded.body',
  [orderId, readFileSync(process.env.ORDER_JSON_FILE!, 'utf8')],
);

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/v1/orders/:id/', async (request, reply) => {
  const { rows } = await pool.query<{ body: string }>({
    name: 'reference-order-by-id',
    text: 'select body from bench_reference.order_json where id = $1',
    values: [request.params.id],
  });
  if (rows.length === 0) return reply.code(404).send();
  return reply.type('application/json').send(rows[0]!.body);
});
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
announce(url);
stopOn(async () => {
  await app.close();
  await pool.end();
});
