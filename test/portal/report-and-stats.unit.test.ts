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

describe('the home page totals, from orderStats buckets', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  const bucket = (
    orderCount: number,
    completedCount: number,
    finalCount: number,
    amounts: [string, number][],
  ) => ({
    orderCount,
    completedCount,
    finalCount,
    amounts: amounts.map(([currency, amount]) => ({ currency, amount })),
  });

  it("reads a window's count, amounts per currency and conversion (completed among final orders)", () => {
    expect(
      totals([
        bucket(3, 1, 2, [
          ['EUR', 1500],
          ['USD', 300],
        ]),
      ]),
    ).toEqual({
      count: 3,
      amounts: { EUR: 1500, USD: 300 },
      conversion: 0.5,
    });
    expect(totals([])).toEqual({ count: 0, amounts: {}, conversion: null });
    expect(totals([bucket(2, 0, 0, [['EUR', 10]])]).conversion).toBeNull();
  });

  it('places day buckets on local days, empty days included, with a count per status', () => {
    const day = (d: number) => new Date(2026, 10, d).toISOString();
    const buckets = [
      { periodStart: day(20), status: 'PROCESSING', orderCount: 1 },
      { periodStart: day(23), status: 'COMPLETED', orderCount: 4 },
      { periodStart: day(23), status: 'ERROR', orderCount: 1 },
      { periodStart: day(1), status: 'COMPLETED', orderCount: 9 },
    ];
    const { days, statuses } = volumePerDay(buckets, startOfDay(now, 6), now);
    expect(days).toHaveLength(7);
    expect(statuses).toEqual(['COMPLETED', 'ERROR', 'PROCESSING']);
    expect(days.at(-1)).toEqual({ day: '2026-11-23', COMPLETED: 4, ERROR: 1 });
    expect(days[3]).toEqual({ day: '2026-11-20', PROCESSING: 1 });
    expect(days[0]).toEqual({ day: '2026-11-17' });
  });

  it('starts days at local midnight, tomorrow included', () => {
    expect(startOfDay(now, 0)).toEqual(new Date(2026, 10, 23));
    expect(startOfDay(now, -1)).toEqual(new Date(2026, 10, 24));
    expect(startOfDay(now, 29)).toEqual(new Date(2026, 9, 25));
  });
});
