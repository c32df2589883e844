import pg from 'pg';
import type { FlowRecord } from './load.ts';

/**
 * What the chaos run verifies once the load is over, in our books (the gateway's tables) and in the test
 * acquirer's (`acquirer_operations`, which stands for the money that moved):
 * - every effect exactly once: an order per card flow, a stored card per transaction, an authorization, a
 *   capture and a refund at the acquirer per one in our books and none that our books lack;
 * - refunded sums equal the refund orders;
 * - nothing stuck: no refund, capture, void, card attempt or authorization left in a non-final state that no
 *   customer or acquirer will move (an own checkout a client gave up on waits for its shop: counted apart);
 * - every status change's webhook delivered (duplicates by `webhook-id` counted).
 */
export interface Findings {
  flowsFinished: number;
  orders: Tally;
  cards: Tally;
  authorizations: Tally;
  captures: Tally;
  refunds: Tally;
  /** Originals whose `refunded_amount` is not the sum of their completed refund orders. */
  refundedSumMismatches: number;
  /** Objects still mid-way (see `stuckObjects`). */
  stuck: number;
  /** Own-checkout payments left `new` because their client gave up: their shop would still move them. */
  waitingForTheShop: number;
  statusChanges: number;
  webhooksMissing: number;
  webhooksReceived: number;
  webhookDuplicates: number;
  deliveriesWithInterruptedAttempts: number;
}

/** Lost: in the client's or the acquirer's view but not in our books; duplicated: more than once. */
export interface Tally {
  expected: number;
  lost: number;
  duplicated: number;
}

/** Objects left mid-way: refunds, captures, voids and card attempts not final; deliveries not delivered. */
export async function stuckObjects(
  databaseUrl: string,
): Promise<{ stuck: number; waitingForTheShop: number }> {
  const [row] = await query<{ stuck: number; waiting: number }>(
    databaseUrl,
    `select
       (select count(*) from transactions t join orders o on o.id = t.order_id
         where t.status in ('new', 'pending', 'processing')
           and not (o.kind = 'payment' and o.checkout = 'own' and t.status = 'new'))::int
       + (select count(*) from webhook_deliveries where state = 'pending')::int as stuck,
       (select count(*) from transactions t join orders o on o.id = t.order_id
         where t.status = 'new' and o.kind = 'payment' and o.checkout = 'own')::int as waiting`,
  );
  return { stuck: row!.stuck, waitingForTheShop: row!.waiting };
}

export async function checkBooks(
  databaseUrl: string,
  flows: FlowRecord[],
  received: { webhookId: string }[],
): Promise<Findings> {
  const finished = flows.filter((flow) => flow.finished);
  const run = flows[0]?.merchantOrderId.replace(/-\d+$/, '') ?? '';
  const orders = await query<{ merchant_order_id: string; n: number }>(
    databaseUrl,
    `select merchant_order_id, count(*)::int as n from orders
      where kind = 'payment' and merchant_order_id like $1 group by 1`,
    [`${run}-%`],
  );
  const ordersBy = new Map(orders.map((row) => [row.merchant_order_id, row.n]));

  const transactionIds = flows.flatMap((flow) => (flow.transactionId ? [flow.transactionId] : []));
  const cards = await countBy(
    databaseUrl,
    'select transaction_id as id from vault_cards where transaction_id = any($1)',
    [transactionIds],
  );
  // Authorizations: approved at the acquirer, and what our books say of the transaction.
  const authorized = await query<{ id: string; bookings: number; status: string | null }>(
    databaseUrl,
    `select a.transaction_id as id, count(*)::int as bookings, min(t.status) as status
       from acquirer_operations a left join transactions t on t.id = a.transaction_id
      where a.operation like 'authorize:%' and a.result ->> 'kind' = 'approved'
        and not exists (select 1 from acquirer_operations v
                         where v.operation = 'void' and v.original_transaction_id = a.transaction_id)
      group by a.transaction_id`,
  );
  const paidInBooks = new Set(['accepted', 'captured', 'completed']);
  const followUps = async (kind: 'capture' | 'refund') => {
    const inBooks = await query<{ original: string; n: number; completed: number }>(
      databaseUrl,
      `select related_order_id as original, count(*)::int as n,
              count(*) filter (where status = 'completed')::int as completed
         from orders where kind = $1 group by 1`,
      [kind],
    );
    const atAcquirer = await query<{ id: string; in_books: boolean }>(
      databaseUrl,
      `select a.transaction_id as id, exists (select 1 from transactions t where t.id = a.transaction_id
                                              and t.status in ('accepted', 'completed')) as in_books
         from acquirer_operations a where a.operation = $1`,
      [kind],
    );
    return { inBooks: new Map(inBooks.map((row) => [row.original, row])), atAcquirer };
  };
  const captures = await followUps('capture');
  const refunds = await followUps('refund');
  const [mismatch] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from orders o
      where o.kind = 'payment' and o.refunded_amount <> coalesce((
        select sum(r.amount) from orders r where r.related_order_id = o.id and r.kind = 'refund'
          and r.status = 'completed'), 0)`,
  );
  const events = await query<{ event_id: string }>(
    databaseUrl,
    "select event_id::text from outbox_events where type = 'order.status_changed'",
  );
  const receivedIds = new Set(received.map((webhook) => webhook.webhookId));
  const [interrupted] = await query<{ n: number }>(
    databaseUrl,
    "select count(distinct delivery_id)::int as n from webhook_delivery_attempts where error_kind = 'interrupted'",
  );
  const { stuck, waitingForTheShop } = await stuckObjects(databaseUrl);

  const manual = finished.filter((flow) => flow.manual);
  const refunded = flows.filter((flow) => flow.refundOrderId);
  return {
    flowsFinished: finished.length,
    orders: {
      expected: flows.filter((flow) => flow.orderId).length,
      lost: flows.filter((flow) => flow.orderId && !ordersBy.has(flow.merchantOrderId)).length,
      duplicated: sum([...ordersBy.values()].map((n) => n - 1)),
    },
    cards: {
      expected: flows.filter((flow) => flow.vaultToken).length,
      lost: flows.filter((flow) => flow.vaultToken && !cards.has(flow.transactionId!)).length,
      duplicated: sum([...cards.values()].map((n) => n - 1)),
    },
    authorizations: {
      expected: finished.length,
      // Money the acquirer holds for a payment our books do not show paid.
      lost: authorized.filter((row) => !row.status || !paidInBooks.has(row.status)).length,
      duplicated: sum(authorized.map((row) => row.bookings - 1)),
    },
    captures: {
      expected: manual.length,
      lost:
        manual.filter((flow) => !captures.inBooks.get(flow.orderId!)?.completed).length +
        captures.atAcquirer.filter((row) => !row.in_books).length,
      duplicated: sum([...captures.inBooks.values()].map((row) => row.n - 1)),
    },
    refunds: {
      expected: refunded.length,
      lost:
        refunded.filter((flow) => !refunds.inBooks.get(flow.orderId!)?.completed).length +
        refunds.atAcquirer.filter((row) => !row.in_books).length,
      duplicated: sum([...refunds.inBooks.values()].map((row) => row.n - 1)),
    },
    refundedSumMismatches: mismatch!.n,
    stuck,
    waitingForTheShop,
    statusChanges: events.length,
    webhooksMissing: events.filter((event) => !receivedIds.has(event.event_id)).length,
    webhooksReceived: received.length,
    webhookDuplicates: received.length - receivedIds.size,
    deliveriesWithInterruptedAttempts: interrupted!.n,
  };
}

async function countBy(databaseUrl: string, text: string, values: unknown[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const row of await query<{ id: string }>(databaseUrl, text, values)) {
    counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
  }
  return counts;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export async function query<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
