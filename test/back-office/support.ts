import { sql } from '../helpers/database.ts';

/**
 * Everything a refund could write, for "refused and wrote nothing" assertions: the project's orders,
 * transactions, events and outbox rows, and the original order's own row.
 */
export async function writtenState(databaseUrl: string, projectId: string, orderId: string) {
  const [counts] = await sql(
    databaseUrl,
    `select
       (select count(*) from orders where project_id = $1) as orders,
       (select count(*) from transactions where project_id = $1) as transactions,
       (select count(*) from transaction_events e join transactions t on t.id = e.transaction_id
         where t.project_id = $1) as events,
       (select count(*) from outbox_events where project_id = $1) as outbox`,
    [projectId],
  );
  const [original] = await sql(
    databaseUrl,
    'select refunded_amount, flags, status, modified_at from orders where id::text = $1',
    [orderId],
  );
  return { counts, original };
}

/** Refund orders of an order as stored, oldest first. */
export async function storedRefunds(databaseUrl: string, orderId: string) {
  return sql<{ id: string; amount: string; status: string }>(
    databaseUrl,
    `select id, amount, status from orders where related_order_id = $1 and kind = 'refund'
      order by created_at, id`,
    [orderId],
  );
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
