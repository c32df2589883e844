import { type CsvOrder, csvCell, csvHeader, csvRows } from '../../portal/src/csv.ts';
import { minorToMajorString } from '../../portal/src/money.ts';
import { queryErrorPosition } from '../../portal/src/query-error.ts';
import { startOfDay, totals, volumePerDay } from '../../portal/src/stats.ts';
import { CSV_COLUMNS } from '../../src/modules/search/csv.ts';

const order = (overrides: Partial<CsvOrder> = {}): CsvOrder => ({
  id: 'o1',
  merchantOrderId: '=HYPERLINK("x")',
  created: '2026-11-21T10:00:00.000Z',
  completed: null,
  currency: 'EUR',
  amount: 995,
  status: 'SEE_TRANSACTIONS',
  merchantId: 'm1',
  projectId: 'p1',
  customer: { merchantCustomerId: 'c, "1"' },
  transactions: [
    {
      id: 't1',
      status: 'COMPLETED',
      paymentMethod: 'CREDIT_CARD',
      paymentMethodBrand: 'visa',
      amount: 995,
      currency: 'EUR',
      refundOfTransactionId: null,
      paymentMethodDetails: { truncatedPan: '411111******1111' },
    },
  ],
  ...overrides,
});

describe("the portal's CSV report", () => {
  it("has the REST report's columns, in its order", () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('writes one row per transaction in REST spelling, quoting and neutralising formulas', () => {
    const rows = csvRows(order(), (minor) => minorToMajorString(minor, 2));
    expect(rows).toBe(
      `o1,"'=HYPERLINK(""x"")",2026-11-21T10:00:00.000Z,,EUR,995,see-transactions,t1,completed,credit-card,visa,9.95,,411111******1111,,,,,"c, ""1""",m1,p1\r\n`,
    );
    expect(csvRows(order({ transactions: [], customer: null }), String).split(',')).toHaveLength(
      CSV_COLUMNS.length,
    );
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
  });
});

describe("the search box's error pointer", () => {
  it('reads the position from the server message', () => {
    expect(queryErrorPosition('Unexpected end of query at position 22; close the parenthesis')).toBe(22);
    expect(queryErrorPosition('Unknown field')).toBeNull();
  });
});

describe('the home page totals', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  const orders = [
    { created: new Date(2026, 10, 23, 9).toISOString(), amount: 1000, currency: 'EUR', status: 'COMPLETED' },
    { created: new Date(2026, 10, 23, 10).toISOString(), amount: 500, currency: 'EUR', status: 'ERROR' },
    { created: new Date(2026, 10, 20, 10).toISOString(), amount: 300, currency: 'USD', status: 'PROCESSING' },
    { created: new Date(2026, 9, 1, 10).toISOString(), amount: 999, currency: 'EUR', status: 'COMPLETED' },
  ];

  it('counts orders, sums amounts per currency and converts completed among final orders', () => {
    expect(totals(orders, startOfDay(now, 0))).toEqual({ count: 2, amounts: { EUR: 1500 }, conversion: 0.5 });
    expect(totals(orders, startOfDay(now, 6))).toEqual({
      count: 3,
      amounts: { EUR: 1500, USD: 300 },
      conversion: 0.5,
    });
    expect(totals([], startOfDay(now, 0))).toEqual({ count: 0, amounts: {}, conversion: null });
  });

  it('buckets per local day with empty days included', () => {
    const { days, statuses } = volumePerDay(orders, startOfDay(now, 6), now);
    expect(days).toHaveLength(7);
    expect(statuses).toEqual(['COMPLETED', 'ERROR', 'PROCESSING']);
    expect(days.at(-1)).toEqual({ day: '2026-11-23', COMPLETED: 1, ERROR: 1 });
    expect(days[3]).toEqual({ day: '2026-11-20', PROCESSING: 1 });
    expect(days[0]).toEqual({ day: '2026-11-17' });
  });
});
