import { payOwnCheckoutOrder, TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/** Visa: 0.25 EUR + 1.40 %; any other card: 0.10 EUR + 2.00 %. Rounded half up per transaction. */
const fee = (amount: number, brand: 'visa' | 'other') =>
  brand === 'visa'
    ? 25 + Math.floor((amount * 140 + 5000) / 10000)
    : 10 + Math.floor((amount * 200 + 5000) / 10000);

describe('the CSV report’s settlement and fee columns', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    // The project must exist before the fee schedule that names it is configured.
    const databaseUrl = await createTestDatabase();
    const first = await startTestApp({ DATABASE_URL: databaseUrl });
    project = await seedProject(first, { name: 'Fee shop' });
    await first.stop();
    const rules = [
      { payment_method: 'credit-card', brand: 'visa', fixed: 25, basis_points: 140 },
      { payment_method: 'credit-card', fixed: 10, basis_points: 200 },
    ];
    app = await startTestApp({
      DATABASE_URL: databaseUrl,
      FEE_SCHEDULE: JSON.stringify({ projects: { [project.projectId]: rules } }),
    });
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const post = async (path: string, body?: unknown) => {
    const response = await api.post<Json>(path, body);
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${response.text}`);
    return response.body;
  };

  it('reports what each row really settled and its fee, and the sums equal the money that moved', async () => {
    // A mixed day: two sales, a pre-authorization captured in two parts, refunds, a chargeback and its reversal.
    const saleVisa = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const saleOther = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 2555,
      pan: TEST_CARDS.mastercard,
    });
    const preAuth = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, {
      amount: 5000,
      captureMode: 'manual',
    });
    const capturePath = `/v1/orders/${preAuth.id}/transactions/${preAuth.transactions[0].id}/captures/`;
    const firstCapture = await post(capturePath, { amount: 1234 });
    const lastCapture = await post(capturePath, { amount: 800, final: true });
    const refundVisa = await post(`/v1/orders/${saleVisa.id}/refunds/`, { amount: 333 });
    const refundCaptured = await post(`/v1/orders/${preAuth.id}/refunds/`, { amount: 500 });
    const chargeback = await post(`/v1/test/orders/${saleOther.id}/chargebacks/`, {
      amount: 1001,
      reason_code: '4853',
    });
    const reversal = await post(`/v1/test/orders/${chargeback.id}/reversals/`, { amount: 400 });

    const expected = new Map<string, { settled: number | null; fee: number | null }>([
      [saleVisa.transactions[0].id, { settled: 1000, fee: fee(1000, 'visa') }],
      [saleOther.transactions[0].id, { settled: 2555, fee: fee(2555, 'other') }],
      // The authorization settles nothing: only its captures do.
      [preAuth.transactions[0].id, { settled: null, fee: null }],
      [firstCapture.transactions[0].id, { settled: 1234, fee: fee(1234, 'visa') }],
      [lastCapture.transactions[0].id, { settled: 800, fee: fee(800, 'visa') }],
      [refundVisa.transactions[0].id, { settled: -333, fee: fee(333, 'visa') }],
      [refundCaptured.transactions[0].id, { settled: -500, fee: fee(500, 'visa') }],
      [chargeback.transactions[0].id, { settled: -1001, fee: fee(1001, 'other') }],
      [reversal.transactions[0].id, { settled: 400, fee: 0 }],
    ]);

    const csv = await api.post('/v1/search/orders/?format=csv', { query: '*' });
    expect(csv.status).toBe(200);
    const [header, ...lines] = csv.text.split('\r\n').filter((line) => line !== '');
    const columns = header!.split(',');
    const cell = (line: string, column: string) => line.split(',')[columns.indexOf(column)]!;
    const rows = lines.map((line) => ({
      transaction: cell(line, 'transaction.id'),
      settled: cell(line, 'transaction.settlement_amount'),
      settledIn: cell(line, 'transaction.settlement_currency'),
      fee: cell(line, 'transaction.fee_amount'),
      feeIn: cell(line, 'transaction.fee_currency'),
    }));
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      const want = expected.get(row.transaction)!;
      expect({ transaction: row.transaction, settled: row.settled, fee: row.fee }).toEqual({
        transaction: row.transaction,
        settled: want.settled === null ? '' : String(want.settled),
        fee: want.fee === null ? '' : String(want.fee),
      });
      if (want.settled !== null) expect([row.settledIn, row.feeIn]).toEqual(['EUR', 'EUR']);
    }

    // Money that moved: sales and captures in, refunds and the chargeback out, the reversal back in.
    const moved = 1000 + 2555 + 1234 + 800 - 333 - 500 - 1001 + 400;
    const sum = (values: string[]) => values.reduce((total, value) => total + (value ? Number(value) : 0), 0);
    expect(sum(rows.map((row) => row.settled))).toBe(moved);
    const fees =
      fee(1000, 'visa') +
      fee(2555, 'other') +
      fee(1234, 'visa') +
      fee(800, 'visa') +
      fee(333, 'visa') +
      fee(500, 'visa') +
      fee(1001, 'other');
    expect(sum(rows.map((row) => row.fee))).toBe(fees);
  });

  it('charges test projects not named in the schedule nothing', async () => {
    const other = await seedProject(app, { name: 'Free shop' });
    await payOwnCheckoutOrder(app.baseUrl, other.apiKey, { amount: 1000 });
    const csv = await restClient(app.baseUrl, other.apiKey).post('/v1/search/orders/?format=csv', {
      query: '*',
    });
    const [header, line] = csv.text.split('\r\n');
    const columns = header!.split(',');
    const cells = line!.split(',');
    expect(cells[columns.indexOf('transaction.settlement_amount')]).toBe('1000');
    expect(cells[columns.indexOf('transaction.fee_amount')]).toBe('0');
  });
});
