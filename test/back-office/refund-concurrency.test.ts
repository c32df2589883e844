import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { basicAuth, type HttpResult, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { storedRefunds, waitFor } from './support.ts';

type Json = Record<string, any>;

describe('refunds under concurrency and retries', () => {
  let app: TestApp;
  let project: SeededProject;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
  });
  afterAll(() => app.stop());

  const paidOrder = (amount: number) => payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount });
  const refundVia = (
    baseUrl: string,
    orderId: string,
    amount: number,
    headers: Record<string, string> = {},
  ) => restClient(baseUrl, project.apiKey).post<Json>(`/v1/orders/${orderId}/refunds/`, { amount }, headers);

  /** Checks the money after a burst: nothing over-refunded, each accepted refund stored once, refusals clean. */
  async function expectConsistent(orderId: string, amounts: number[], responses: HttpResult<Json>[]) {
    const accepted = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 422 || r.status === 409)).toBe(true);
    expect(refused.every((r) => ['refund_exceeds_remaining'].includes(r.body.error.type))).toBe(true);

    const stored = await storedRefunds(app.databaseUrl, orderId);
    expect(stored.map((r) => r.id).sort()).toEqual(accepted.map((r) => r.body.id).sort());
    expect(stored.every((r) => r.status === 'completed')).toBe(true);
    const refundedTotal = stored.reduce((sum, r) => sum + Number(r.amount), 0);
    const [original] = await sql<{ amount: string; refunded_amount: string }>(
      app.databaseUrl,
      'select amount, refunded_amount from orders where id = $1',
      [orderId],
    );
    expect(refundedTotal).toBeLessThanOrEqual(Number(original!.amount));
    expect(Number(original!.refunded_amount)).toBe(refundedTotal);
    // A refused amount did not fit even into what is left now (what is left only ever shrinks).
    const remaining = Number(original!.amount) - refundedTotal;
    refused.forEach((r) => {
      expect(amounts[responses.indexOf(r)]).toBeGreaterThan(remaining);
    });
    const [counts] = await sql<{ transactions: string }>(
      app.databaseUrl,
      `select count(*) as transactions from transactions t join orders o on o.id = t.order_id
        where o.related_order_id = $1 and o.kind = 'refund'`,
      [orderId],
    );
    expect(Number(counts!.transactions)).toBe(stored.length);
    return { accepted: accepted.length, refundedTotal };
  }

  it('never over-refunds when fifty refunds hit one order at once', async () => {
    const original = await paidOrder(1000);
    const amounts = Array.from({ length: 50 }, () => 100);

    const responses = await Promise.all(amounts.map((amount) => refundVia(app.baseUrl, original.id, amount)));

    const { accepted, refundedTotal } = await expectConsistent(original.id, amounts, responses);
    expect(accepted).toBe(10);
    expect(refundedTotal).toBe(1000);
  });

  it('never over-refunds when two server processes on one database share fifty refunds', async () => {
    const second = await startTestApp({ DATABASE_URL: app.databaseUrl });
    try {
      const original = await paidOrder(5000);
      const amounts = Array.from({ length: 50 }, (_, i) => 100 + ((i * 37) % 250));
      expect(amounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(5000);

      const responses = await Promise.all(
        amounts.map((amount, i) => refundVia(i % 2 ? second.baseUrl : app.baseUrl, original.id, amount)),
      );

      const { accepted, refundedTotal } = await expectConsistent(original.id, amounts, responses);
      expect(accepted).toBeGreaterThan(0);
      expect(accepted).toBeLessThan(50);
      expect(5000 - refundedTotal).toBeLessThan(Math.max(...amounts));
    } finally {
      await second.stop();
    }
  });

  it('refunds once when a client retries with the same Idempotency-Key', async () => {
    const original = await paidOrder(1000);
    const key = randomUUID();

    const first = await refundVia(app.baseUrl, original.id, 400, { 'idempotency-key': key });
    const retry = await refundVia(app.baseUrl, original.id, 400, { 'idempotency-key': key });

    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await storedRefunds(app.databaseUrl, original.id)).toHaveLength(1);
    const reused = await refundVia(app.baseUrl, original.id, 500, { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.error.type).toBe('idempotency_key_reused');
  });

  it('refunds once when fifty retries with one key arrive at once', async () => {
    const original = await paidOrder(1000);
    const key = randomUUID();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => refundVia(app.baseUrl, original.id, 100, { 'idempotency-key': key })),
    );

    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(1);
    const stored = await storedRefunds(app.databaseUrl, original.id);
    expect(stored).toHaveLength(1);
    const retry = await refundVia(app.baseUrl, original.id, 100, { 'idempotency-key': key });
    expect(retry.body.id).toBe(stored[0]!.id);
  });

  it('refunds once when the connection drops mid-request and the client retries', async () => {
    const original = await paidOrder(1000);
    const key = randomUUID();
    // Holding the original order's row makes the refund wait, so the connection can drop mid-request.
    const blocker = new pg.Client({ connectionString: app.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from orders where id = $1 for update', [original.id]);
      const dropped = new AbortController();
      const lost = fetch(`${app.baseUrl}/v1/orders/${original.id}/refunds/`, {
        method: 'POST',
        signal: dropped.signal,
        headers: {
          authorization: basicAuth(project.apiKey),
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ amount: 250 }),
      }).then(
        () => 'answered',
        (error: Error) => error.name,
      );
      await waitFor(async () => {
        const rows = await sql(app.databaseUrl, 'select 1 from idempotency_keys where key = $1', [key]);
        return rows.length === 1;
      });
      dropped.abort();
      expect(await lost).toBe('AbortError');

      const whileRunning = await refundVia(app.baseUrl, original.id, 250, { 'idempotency-key': key });
      expect(whileRunning.status).toBe(409);
      expect(whileRunning.body.error.type).toBe('idempotency_key_in_use');

      await blocker.query('commit');
      let retried: HttpResult<Json> = whileRunning;
      await waitFor(async () => {
        retried = await refundVia(app.baseUrl, original.id, 250, { 'idempotency-key': key });
        return retried.status !== 409;
      });
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      const stored = await storedRefunds(app.databaseUrl, original.id);
      expect(stored).toEqual([{ id: retried.body.id, amount: '250', status: 'completed' }]);
    } finally {
      await blocker.end();
    }
  });
});
