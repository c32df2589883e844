import { csvLine } from '../../src/modules/search/csv.ts';
import { isoTimestamp, reportCells, reportLine } from '../../src/modules/search/report-row.ts';
import type { ReportDbRow } from '../../src/modules/search/search.repository.ts';

const row = (overrides: Partial<ReportDbRow> = {}): ReportDbRow => ({
  id: 'order-1',
  merchant_order_id: 'A-1',
  created: '2026-11-21 10:00:00.123456',
  completed: null,
  currency: 'KWD',
  amount: '1500',
  status: 'completed',
  transaction_id: 'transaction-1',
  transaction_status: 'completed',
  transaction_payment_method: 'credit-card',
  transaction_payment_method_brand: null,
  transaction_amount: '1500',
  transaction_currency: 'KWD',
  transaction_refund_of_transaction_id: null,
  transaction_truncated_pan: null,
  transaction_settlement_currency: 'EUR',
  transaction_settlement_amount: '4512',
  transaction_fee_currency: null,
  transaction_fee_amount: null,
  customer_merchant_customer_id: null,
  merchant_id: 'merchant-1',
  project_id: 'project-1',
  ...overrides,
});

describe('CSV report row', () => {
  it.each([
    ['2026-11-21 10:00:00', '2026-11-21T10:00:00.000Z'],
    ['2026-11-21 10:00:00.12', '2026-11-21T10:00:00.120Z'],
    ['2026-11-21 10:00:00.123456', '2026-11-21T10:00:00.123Z'],
    ['2026-11-21 10:00:00.999999', '2026-11-21T10:00:00.999Z'],
  ])('writes the PostgreSQL timestamp %s as %s, like the JSON representation', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });

  it('refuses a timestamp that is not plain UTC text', () => {
    expect(() => isoTimestamp('2026-11-21 10:00:00+01')).toThrow(RangeError);
  });

  it('writes amounts as integers and the transaction amount in the main unit', () => {
    const cells = reportCells(row());
    expect(cells[2]).toBe('2026-11-21T10:00:00.123Z');
    expect(cells[3]).toBe('');
    expect(cells[5]).toBe('1500');
    expect(cells[11]).toBe('1.500');
    expect(cells[14]).toBe('EUR');
    expect(cells[15]).toBe('4512');
  });

  it('writes a negative settlement or fee as a number, not as a neutralised formula', () => {
    expect(reportCells(row({ transaction_fee_amount: '-25' }))[17]).toBe(-25n);
  });

  it('keeps a settlement value that is not an integer as neutralised text', () => {
    expect(reportCells(row({ transaction_settlement_amount: '-12.5' }))[15]).toBe("'-12.5");
  });

  it('writes the line of csvLine(reportCells(row)) directly', () => {
    for (const each of [
      row(),
      row({ merchant_order_id: '=1+1', completed: '2026-11-21 10:00:01', transaction_fee_amount: '-25' }),
      row({ customer_merchant_customer_id: 'a,"b"\r\nc', transaction_settlement_amount: '-12.5' }),
    ]) {
      expect(reportLine(each)).toBe(csvLine(reportCells(each)));
    }
  });
});
