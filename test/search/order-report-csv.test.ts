import http from 'node:http';
import { CSV_COLUMNS } from '../../src/modules/search/csv.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { basicAuth, type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { csvObjects, insertManyOrders, insertOrders, parseCsv } from './support.ts';

const REPORT = '/v1/search/orders/?format=csv';
const CARD_ID = '11111111-1111-4111-8111-111111111111';
const REFUND_ID = '22222222-2222-4222-8222-222222222222';

describe('order search CSV report', () => {
  let app: TestApp;
  let shop: SeededProject;
  let otherShop: SeededProject;
  let api: RestClient;
  let ids: string[];

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    otherShop = await seedProject(app, { name: 'Other shop' });
    api = restClient(app.baseUrl, shop.apiKey);
    ids = await insertOrders(app.databaseUrl, shop, [
      {
        merchantOrderId: 'EUR-1',
        currency: 'EUR',
        amount: 995,
        status: 'completed',
        createdAt: '2026-11-01T10:00:00.000Z',
        completedAt: '2026-11-01T10:05:00.000Z',
        customer: { merchant_customer_id: 'cust-1' },
        transactions: [
          {
            id: CARD_ID,
            status: 'completed',
            brand: 'visa',
            details: { truncated_pan: '411111******1111' },
            settlementAmount: 995,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
          {
            id: REFUND_ID,
            status: 'accepted',
            paymentMethod: 'credit-card-refund',
            amount: 500,
            refundOfTransactionId: CARD_ID,
            createdAt: '2026-11-02T09:00:00.000Z',
          },
        ],
      },
      {
        merchantOrderId: 'JPY-1',
        currency: 'JPY',
        amount: 12000,
        status: 'error',
        createdAt: '2026-11-02T10:00:00.000Z',
        transactions: [{ status: 'declined', brand: 'mastercard' }],
      },
      {
        merchantOrderId: 'KWD-1',
        currency: 'KWD',
        amount: 1500,
        status: 'completed',
        createdAt: '2026-11-03T10:00:00.000Z',
        completedAt: '2026-11-03T10:01:00.000Z',
        transactions: [{ status: 'completed', amount: 5 }],
      },
      {
        merchantOrderId: 'a,b "quoted"\r\nnext line',
        createdAt: '2026-11-04T10:00:00.000Z',
        customer: { merchant_customer_id: '=HYPERLINK("https://evil.example","click")' },
        transactions: [{ status: 'new' }],
      },
      { merchantOrderId: '+31 20 123', createdAt: '2026-11-05T10:00:00.000Z', transactions: [{}] },
      { merchantOrderId: '-2+3', createdAt: '2026-11-06T10:00:00.000Z', transactions: [{}] },
      { merchantOrderId: '@SUM(A1:A9)', createdAt: '2026-11-07T10:00:00.000Z', transactions: [{}] },
      { merchantOrderId: '\tcmd', createdAt: '2026-11-08T10:00:00.000Z', transactions: [{}] },
      { merchantOrderId: 'no-transactions', createdAt: '2026-11-09T10:00:00.000Z' },
    ]);
    await insertOrders(app.databaseUrl, otherShop, [
      { merchantOrderId: 'EUR-1', status: 'completed', transactions: [{ status: 'completed' }] },
    ]);
  });
  afterAll(() => app.stop());

  const report = async (body: Record<string, unknown>) => {
    const response = await api.post<string>(REPORT, body);
    expect(response.status).toBe(200);
    return response;
  };
  const rows = async (body: Record<string, unknown>) => csvObjects((await report(body)).text);

  it('answers with a CSV attachment named after the day', async () => {
    const response = await report({ query: '*' });
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="orders-${day}.csv"`);
  });

  it('has the columns of the spec, in order, with their header names', async () => {
    const [header] = parseCsv((await report({ query: '*' })).text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(header!.slice(0, 8)).toEqual([
      'id',
      'merchant_order_id',
      'created',
      'completed',
      'currency',
      'amount',
      'status',
      'transaction.id',
    ]);
  });

  it("writes one row per transaction carrying its order's fields, in the search's sort order", async () => {
    const lines = await rows({ query: 'merchant_order_id:EUR-1' });
    expect(lines).toEqual([
      {
        id: ids[0],
        merchant_order_id: 'EUR-1',
        created: '2026-11-01T10:00:00.000Z',
        completed: '2026-11-01T10:05:00.000Z',
        currency: 'EUR',
        amount: '995',
        status: 'completed',
        'transaction.id': CARD_ID,
        'transaction.status': 'completed',
        'transaction.payment_method': 'credit-card',
        'transaction.payment_method_brand': 'visa',
        'transaction.amount_with_decimals': '9.95',
        'transaction.refund_of_transaction_id': '',
        'transaction.payment_method_details.truncated_pan': '411111******1111',
        'transaction.settlement_currency': 'EUR',
        'transaction.settlement_amount': '995',
        'transaction.fee_currency': '',
        'transaction.fee_amount': '',
        'customer.merchant_customer_id': 'cust-1',
        merchant_id: shop.merchantId,
        project_id: shop.projectId,
      },
      expect.objectContaining({
        id: ids[0],
        merchant_order_id: 'EUR-1',
        'transaction.id': REFUND_ID,
        'transaction.payment_method': 'credit-card-refund',
        'transaction.amount_with_decimals': '5.00',
        'transaction.refund_of_transaction_id': CARD_ID,
        'transaction.settlement_currency': '',
        'transaction.settlement_amount': '',
      }),
    ]);
    const all = await rows({ query: '*', sort: 'created asc' });
    expect(all.map((line) => line.merchant_order_id).slice(0, 4)).toEqual([
      'EUR-1',
      'EUR-1',
      'JPY-1',
      'KWD-1',
    ]);
  });

  it("writes each transaction's amount in its currency's main unit", async () => {
    const lines = await rows({ query: 'currency:JPY OR currency:KWD', sort: 'created asc' });
    expect(
      lines.map((line) => [line.currency, line.amount, line['transaction.amount_with_decimals']]),
    ).toEqual([
      ['JPY', '12000', '12000'],
      ['KWD', '1500', '0.005'],
    ]);
  });

  it('leaves out orders without transactions: the report lists transactions', async () => {
    const lines = await rows({ query: '*' });
    expect(lines).toHaveLength(9);
    expect(lines.map((line) => line.merchant_order_id)).not.toContain('no-transactions');
  });

  it('quotes commas, quotes and line breaks as RFC 4180 requires', async () => {
    const { text } = await report({ query: `id:${ids[3]}` });
    expect(text).toContain(`,"a,b ""quoted""\r\nnext line",`);
    expect(csvObjects(text)[0]!.merchant_order_id).toBe('a,b "quoted"\r\nnext line');
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const lines = await rows({ query: 'created:[2026-11-04 TO 2026-11-08]', sort: 'created asc' });
    expect(lines.map((line) => line.merchant_order_id)).toEqual([
      'a,b "quoted"\r\nnext line',
      "'+31 20 123",
      "'-2+3",
      "'@SUM(A1:A9)",
      "'\tcmd",
    ]);
    expect(lines[0]!['customer.merchant_customer_id']).toBe(`'=HYPERLINK("https://evil.example","click")`);
  });

  it('reports only what the query matches', async () => {
    const lines = await rows({ query: 'transactions.status:declined' });
    expect(lines.map((line) => line.merchant_order_id)).toEqual(['JPY-1']);
  });

  it('reports one page of orders when paging is asked for', async () => {
    const lines = await rows({ query: '*', sort: 'created asc', size: 1 });
    expect(lines.map((line) => line['transaction.id'])).toEqual([CARD_ID, REFUND_ID]);
    const second = await rows({ query: '*', sort: 'created asc', start: 1, size: 2 });
    expect(second.map((line) => line.merchant_order_id)).toEqual(['JPY-1', 'KWD-1']);
  });

  it("never contains another project's orders", async () => {
    const lines = await rows({ query: 'merchant_order_id:EUR-1' });
    expect(lines.every((line) => line.project_id === shop.projectId)).toBe(true);
    const other = csvObjects(
      (await restClient(app.baseUrl, otherShop.apiKey).post(REPORT, { query: '*' })).text,
    );
    expect(other).toHaveLength(1);
    expect(other[0]!.project_id).toBe(otherShop.projectId);
  });

  it('refuses a bad query with a JSON 400 before any CSV is written', async () => {
    const response = await api.post<{ error: { type: string; value: string } }>(REPORT, {
      query: 'colour:red',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.body.error.type).toBe('unknown_field');
  });
});

/** Far more than socket buffers hold, so a client that stops reading really holds the server back. */
const ROWS = 30_000;
/**
 * The report's COPY fills the database's socket too (about 10 MB sat in the buffers between PostgreSQL and a
 * paused client on the development machine), so each line is made 500 bytes longer: ~25 MB in all.
 */
const PADDING = 500;

describe('order search CSV report streaming', () => {
  let app: TestApp;
  let shop: SeededProject;

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    await insertManyOrders(app.databaseUrl, shop, ROWS, { padding: PADDING });
  }, 60_000);
  afterAll(() => app.stop());

  const open = () =>
    fetch(`${app.baseUrl}${REPORT}`, {
      method: 'POST',
      headers: { authorization: basicAuth(shop.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ query: '*' }),
    });

  it('streams every row of a report larger than one cursor batch', async () => {
    const text = await (await open()).text();
    const lines = parseCsv(text);
    expect(lines).toHaveLength(ROWS + 1);
    expect(new Set(lines.slice(1).map((line) => line[7])).size).toBe(ROWS);
  });

  /**
   * Report statements (the export's COPY) in progress; with `waitingFor`, only those that have been running that
   * long and are waiting for the server to take their rows, i.e. the server waits for the client. Only active
   * ones: a pooled connection keeps showing its last statement, the COPY of a report that ended, while it idles.
   */
  const openReports = async (waitingFor: string | null = null) =>
    sql(
      app.databaseUrl,
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and state = 'active'
         and query like 'copy%'
         and ($1::interval is null or (wait_event = 'ClientWrite' and now() - query_start >= $1::interval))`,
      [waitingFor],
    );
  // Waits up to 30 s: on a loaded machine the server takes a while to fill the socket buffers.
  const eventually = async (check: () => Promise<boolean>) => {
    for (let waited = 0; waited < 30_000 && !(await check()); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('reads from the database only as fast as the client takes the report, then ends its statement', async () => {
    // A plain HTTP client, so that hanging up really closes the socket.
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${app.baseUrl}${REPORT}`, {
        method: 'POST',
        headers: { authorization: basicAuth(shop.apiKey), 'content-type': 'application/json' },
      });
      request
        .on('response', resolve)
        .on('error', reject)
        .end(JSON.stringify({ query: '*' }));
    });
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => response.once('data', resolve));
    response.pause();
    // The client stops reading. Once the socket buffers are full the server waits, and so does the database's
    // statement, instead of reading the rest of the report into memory.
    await eventually(async () => (await openReports('500 ms')).length === 1);
    expect(await openReports('500 ms')).toHaveLength(1);

    response.destroy();
    await eventually(async () => (await openReports()).length === 0);
    expect(await openReports()).toEqual([]);
    // The connection went back to the pool: a full report runs after the abandoned one.
    expect(parseCsv(await (await open()).text())).toHaveLength(ROWS + 1);
  }, 90_000);

  it('ends the statement of a report whose client hung up before its first byte', async () => {
    const request = http.request(`${app.baseUrl}${REPORT}`, {
      method: 'POST',
      headers: { authorization: basicAuth(shop.apiKey), 'content-type': 'application/json' },
    });
    request.on('error', () => undefined).end(JSON.stringify({ query: '*' }));
    // Gone while the database still sorts the report, before the response has started.
    await eventually(async () => (await openReports()).length === 1);
    request.destroy();
    await eventually(async () => (await openReports()).length === 0);
    expect(await openReports()).toEqual([]);
  }, 90_000);
});
