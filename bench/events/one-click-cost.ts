import { appendFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Gateway, jsonHeaders, payByCard, setProjectWebhookUrl } from '../lib/gateway-api.ts';
import { measure } from '../lib/load.ts';
import { cpuMsBetween, readTreeUsage } from '../lib/proc.ts';
import { startProjectServer } from '../lib/project-server.ts';
import { settleDatabase } from '../lib/settle.ts';
import { Receiver } from './receiver.ts';

/**
 * What one one-click payment and its webhook cost, closed loop (a developer's tool, not part of bench:events):
 * `node --experimental-strip-types bench/events/one-click-cost.ts [connections] [seconds] [--statements]
 * [--no-webhooks] [--rate=N] [--card-flow] [--repo=PATH]`.
 * Server (Node) and PostgreSQL CPU per payment while the orders are made, and over the whole window until
 * every webhook has arrived; with `--statements`, every statement PostgreSQL ran per payment
 * (pg_stat_statements, track = all, loaded into the scratch database before the measured start). `--card-flow`:
 * the own-checkout card flow of `npm run bench` (create, vault, 3-DS authenticate) instead, a flow counted as one.
 * `--repo=PATH`: the server of another checkout (an earlier commit), to alternate runs of the two.
 * `--prefill=N`: N copies of the warm-up payment's order and transaction written first (then VACUUM ANALYZE and a
 * CHECKPOINT), to measure at the table sizes `npm run bench`'s card flow meets after its other write cases.
 */
const args = process.argv.slice(2);
const statements = args.includes('--statements');
/** Without a webhook URL nothing is relayed or delivered: the difference is what the webhooks cost. */
const withWebhooks = !args.includes('--no-webhooks');
/** `--rate=N`: open loop at N payments/s instead of closed loop (CPU per payment compares across builds). */
const cardFlow = args.includes('--card-flow');
const repo = args.find((a) => a.startsWith('--repo='))?.slice('--repo='.length);
const rate = Number(args.find((a) => a.startsWith('--rate='))?.slice('--rate='.length)) || undefined;
const prefill = Number(args.find((a) => a.startsWith('--prefill='))?.slice('--prefill='.length)) || 0;
const [connections = 20, seconds = 8] = args.filter((a) => !a.startsWith('--')).map(Number);
const serverEnv = Object.fromEntries(
  (process.env.SERVER_ENV ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

const receiver = await Receiver.start();
let server = await startProjectServer({ env: serverEnv, label: 'server', repo });
try {
  if (statements) {
    const conf = path.join(server.dataDir, 'postgres', 'postgresql.conf');
    await server.stop();
    appendFileSync(
      conf,
      "\nshared_preload_libraries = 'pg_stat_statements'\npg_stat_statements.track = all\npg_stat_statements.max = 5000\n",
    );
    server = await startProjectServer({ env: serverEnv, dataDir: server.dataDir, label: 'server', repo });
  }
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  if (statements) await db.query('create extension if not exists pg_stat_statements');
  const gateway: Gateway = server;
  if (withWebhooks) await setProjectWebhookUrl(gateway, receiver.url);
  const { vaultToken } = await payByCard(gateway);
  if (prefill > 0) {
    await copyTheFirstPayment(db, prefill);
    await settleDatabase(server.databaseUrl);
    const { rows } = await db.query<{ n: string }>('select count(*)::text as n from orders');
    process.stdout.write(`${'orders before the run'.padEnd(44)} ${rows[0]!.n}\n`);
  }
  if (withWebhooks) await receiver.waitFor(1, { timeoutMs: 10_000, idleMs: 10_000 });
  await receiver.reset();
  if (statements) await db.query("select pg_stat_statements_reset(), pg_stat_reset_shared('wal')");
  const before = readTreeUsage(server.pid);
  const load = await measure(
    {
      baseUrl: server.baseUrl,
      connections,
      durationSeconds: seconds,
      overallRate: rate,
      scenario: cardFlow
        ? {
            kind: 'card-flow',
            headers: jsonHeaders(gateway.apiKey),
            vaultPath: gateway.vaultPath ?? '/vault/v1/cards/',
            amount: 995,
          }
        : { kind: 'one-click-orders', headers: jsonHeaders(gateway.apiKey), vaultToken, amount: 995 },
    },
    server.pid,
  );
  const payments = cardFlow ? load.units : load.records.length;
  const arrived =
    withWebhooks && !cardFlow
      ? await receiver.waitFor(payments, { timeoutMs: 60_000, idleMs: 10_000, distinctOrders: true })
      : 0;
  const after = readTreeUsage(server.pid);
  const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(44)} ${value}\n`);
  line(
    'payments (closed loop)',
    `${payments} in ${load.seconds.toFixed(1)} s = ${(payments / load.seconds).toFixed(0)}/s at ${connections} connections${rate ? `, ${rate}/s offered` : ''}; ${load.failures ?? 0} failed`,
  );
  line('webhooks arrived', String(arrived));
  line(
    'while creating: Node / PG ms per payment',
    `${load.cpuMsPerUnit.toFixed(2)} / ${load.dbMsPerUnit.toFixed(2)}`,
  );
  line(
    'until delivered: Node / PG ms per payment',
    `${(cpuMsBetween(before.server, after.server) / payments).toFixed(2)} / ${(cpuMsBetween(before.database, after.database) / payments).toFixed(2)}`,
  );
  if (statements) {
    const { rows } = await db.query(
      `select calls, round(total_exec_time::numeric, 1) as ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
       from pg_stat_statements where query not like '%pg_stat_statements%' order by calls desc limit 40`,
    );
    let total = 0;
    for (const row of rows) total += Number(row.calls);
    line('statements per payment (top 40)', (total / payments).toFixed(2));
    for (const row of rows) {
      process.stdout.write(
        `${(Number(row.calls) / payments).toFixed(3).padStart(8)} ${String(row.ms).padStart(9)} ms  ${row.query}\n`,
      );
    }
  }
  // Tables read whole (a plan that scans instead of looking up: platform/db/pipelined-transaction.ts
  // PLAN_KEY_LOOKUPS) and tables updated, with how many updates were HOT.
  if (statements) {
    const { rows } = await db.query(
      `select relname, seq_scan, seq_tup_read, idx_scan, n_tup_ins, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables
       where seq_tup_read > 0 or n_tup_upd > 0 or n_tup_ins > 0 order by seq_tup_read desc, relname`,
    );
    for (const row of rows) process.stdout.write(`${JSON.stringify(row)}\n`);
    // Rows written per payment, by table (the tables' counts since the database began: the warm-up's few are in).
    for (const row of rows) {
      const written = (Number(row.n_tup_ins) + Number(row.n_tup_upd)) / payments;
      if (written < 0.01) continue;
      process.stdout.write(`${written.toFixed(2).padStart(8)} rows written a payment  ${row.relname}\n`);
    }
    const wal = await db.query('select wal_records, wal_fpi, wal_bytes from pg_stat_wal');
    const { wal_records, wal_fpi, wal_bytes } = wal.rows[0];
    line(
      'WAL per payment: records / full pages / bytes',
      `${(wal_records / payments).toFixed(1)} / ${(wal_fpi / payments).toFixed(2)} / ${(wal_bytes / payments).toFixed(0)}`,
    );
  }
  await db.end();
} finally {
  await server.dispose();
  await receiver.stop();
}

/**
 * `count` copies of the first order and its transaction, new ids and spread creation times (each copy's order and
 * transaction written together, as a payment writes them).
 */
async function copyTheFirstPayment(db: pg.Client, count: number): Promise<void> {
  const columns = async (table: string) =>
    (
      await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.column_name);
  const orderColumns = await columns('orders');
  const transactionColumns = await columns('transactions');
  const replaced: Record<string, string> = {
    order_id: 'c.new_order_id',
    setup_token: 'gen_random_uuid()',
    created_at: "now() - c.n * interval '1 second'",
    modified_at: "now() - c.n * interval '1 second'",
  };
  const select = (list: string[], own: Record<string, string>) =>
    list.map((column) => own[column] ?? replaced[column] ?? `t.${column}`).join(', ');
  // The warm-up payment: the only order and transaction before the first copy.
  const template = await db.query<{ order_id: string; transaction_id: string }>(
    'select o.id as order_id, t.id as transaction_id from orders o join transactions t on t.order_id = o.id limit 1',
  );
  const { order_id: orderId, transaction_id: transactionId } = template.rows[0]!;
  for (let done = 0; done < count; done += 50_000) {
    const batch = Math.min(50_000, count - done);
    await db.query(
      `
      with c as materialized (
        select n, gen_random_uuid() as new_order_id, gen_random_uuid() as new_transaction_id
        from generate_series(1, ${batch}) n
      ), o as (
        insert into orders (${orderColumns.join(', ')})
        select ${select(orderColumns, { id: 'c.new_order_id' })}
        from c, (select * from orders where id = $1::uuid) t
      )
      insert into transactions (${transactionColumns.join(', ')})
      select ${select(transactionColumns, { id: 'c.new_transaction_id' })}
      from c, (select * from transactions where id = $2::uuid) t`,
      [orderId, transactionId],
    );
  }
}
