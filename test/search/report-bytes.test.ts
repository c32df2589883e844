import { CSV_HEADER_LINE, csvLine } from '../../src/modules/search/csv.ts';
import { reportCells } from '../../src/modules/search/report-row.ts';
import type { ReportDbRow } from '../../src/modules/search/search.repository.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertOrders, type SeedOrder } from './support.ts';

const REPORT = '/v1/search/orders/?format=csv';

/** Text a merchant or a customer may have typed: CSV specials, formula starts, unicode, empty. */
const TRICKY = [
  'plain',
  'a,b "quoted"\r\nnext line',
  '"',
  '=1+1',
  '+31 20 123',
  '-2+3',
  '@SUM(A1:A9)',
  '\tcmd',
  '\rcmd',
  'ünïcødé 日本語 😀',
  '',
  ' spaced ',
];

/**
 * The report as it was written before the binary rows: every cell read as PostgreSQL's text and written by
 * csvLine(reportCells(row)), the readable definition of a line (report-row.ts).
 */
async function referenceReport(databaseUrl: string, projectId: string, orderBy: string): Promise<string> {
  const rows = await sql<Record<keyof ReportDbRow, string | null>>(
    databaseUrl,
    `select o.id::text as id, o.merchant_order_id, (o.created_at at time zone 'UTC')::text as created,
       (o.completed_at at time zone 'UTC')::text as completed, o.currency::text as currency,
       o.amount::text as amount, o.status, t.id::text as transaction_id, t.status as transaction_status,
       t.payment_method as transaction_payment_method, t.payment_method_brand as transaction_payment_method_brand,
       t.amount::text as transaction_amount, t.currency::text as transaction_currency,
       t.refund_of_transaction_id::text as transaction_refund_of_transaction_id,
       t.payment_method_details ->> 'truncated_pan' as transaction_truncated_pan,
       t.settlement_currency as transaction_settlement_currency,
       t.settlement_amount::text as transaction_settlement_amount, t.fee_currency as transaction_fee_currency,
       t.fee_amount::text as transaction_fee_amount,
       o.customer ->> 'merchant_customer_id' as customer_merchant_customer_id,
       o.merchant_id::text as merchant_id, o.project_id::text as project_id
     from orders o join transactions t on t.order_id = o.id
     where o.project_id = $1 order by ${orderBy}, t.created_at, t.id`,
    [projectId],
  );
  return CSV_HEADER_LINE + rows.map((row) => csvLine(reportCells(row as unknown as ReportDbRow))).join('');
}

describe('the CSV report, byte for byte', () => {
  let app: TestApp;
  let shop: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    shop = await seedProject(app);
    api = restClient(app.baseUrl, shop.apiKey);
    const currencies: [string, number][] = [
      ['EUR', 995],
      ['JPY', 12000],
      ['KWD', 1505],
      ['USD', 0],
      ['GBP', 100],
    ];
    const orders: SeedOrder[] = TRICKY.flatMap((tricky, index) => {
      const [currency, amount] = currencies[index % currencies.length]!;
      const refunded = `aaaaaaaa-0000-4000-8000-${String(index).padStart(12, '0')}`;
      return [
        {
          merchantOrderId: tricky,
          currency,
          amount,
          status: 'completed',
          createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T10:00:00.123456Z`,
          completedAt: `2026-11-${String(index + 1).padStart(2, '0')}T23:59:59.999999Z`,
          customer: { merchant_customer_id: TRICKY.at(-index - 1) },
          transactions: [
            {
              id: refunded,
              status: 'completed',
              brand: tricky,
              details: { truncated_pan: tricky },
              settlementAmount: amount,
              createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T10:00:00.5Z`,
            },
            {
              status: 'accepted',
              paymentMethod: 'credit-card-refund',
              amount: Math.floor(amount / 2),
              refundOfTransactionId: refunded,
              settlementAmount: -Math.floor(amount / 2),
              createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T11:00:00Z`,
            },
          ],
        },
        {
          merchantOrderId: null,
          currency,
          createdAt: `1999-12-31T23:59:${String(index).padStart(2, '0')}.9995Z`,
          customer: null,
          transactions: [{ status: 'declined', brand: null }],
        },
      ];
    });
    await insertOrders(app.databaseUrl, shop, orders);
    // Fees as the settlement rules record them, a negative one included.
    await sql(
      app.databaseUrl,
      `update transactions set fee_amount = case when amount % 2 = 0 then 25 else -7 end, fee_currency = currency
       where project_id = $1 and status = 'completed'`,
      [shop.projectId],
    );
  });
  afterAll(() => app.stop());

  it.each([
    ['created desc', 'o.created_at desc, o.id desc'],
    ['created asc', 'o.created_at asc, o.id asc'],
    ['amount desc', 'o.amount desc, o.id desc'],
  ])(
    'writes the report sorted by %s exactly as csvLine(reportCells(row)) over text cells',
    async (sort, orderBy) => {
      const response = await api.post<string>(REPORT, { query: '*', sort });
      expect(response.status).toBe(200);
      const expected = await referenceReport(app.databaseUrl, shop.projectId, orderBy);
      expect(expected.split('\r\n').length).toBeGreaterThan(3 * TRICKY.length);
      expect(response.text).toBe(expected);
    },
  );
});
