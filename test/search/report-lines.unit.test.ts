import { describe, expect, it } from '@jest/globals';
import { CSV_COLUMNS, csvLine } from '../../src/modules/search/csv.ts';
import { REPORT_FIELDS } from '../../src/modules/search/report-encoding.ts';
import { ReportLineWriter } from '../../src/modules/search/report-lines.ts';
import { reportCells } from '../../src/modules/search/report-row.ts';
import type { ReportDbRow } from '../../src/modules/search/search.repository.ts';

/** A report row as named values, with its amounts as integers (the binary form carries bigints). */
interface Row
  extends Omit<ReportDbRow, 'amount' | 'transaction_settlement_amount' | 'transaction_fee_amount'> {
  amount: bigint;
  transaction_settlement_amount: bigint | null;
  transaction_fee_amount: bigint | null;
}

const POSTGRES_EPOCH_MICROS = 946_684_800_000_000n;

/** PostgreSQL's UTC text (`2026-11-21 10:00:00.123456`) as timestamptz_send's microseconds since 2000. */
function micros(text: string): bigint {
  const [, date, time, fraction = ''] = /^(\S+) (\S+?)(?:\.(\d+))?$/.exec(text)!;
  const ms = Date.parse(`${date}T${time}Z`);
  return BigInt(ms) * 1000n + BigInt(fraction.padEnd(6, '0')) - POSTGRES_EPOCH_MICROS;
}

const int8 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(value);
  return bytes;
};
const uuid = (text: string) => Buffer.from(text.replaceAll('-', ''), 'hex');
const text = (value: string | null) => Buffer.concat([Buffer.from(value ?? '', 'utf8'), Buffer.of(0)]);
const nullable = (value: Buffer | null) => (value ? Buffer.concat([Buffer.of(1), value]) : Buffer.of(0));

/** The row as report.repository.ts has PostgreSQL send it (report-encoding.ts), in PostgreSQL's hex text. */
function encode(row: Row): string {
  const parts = [
    uuid(row.id),
    text(row.merchant_order_id),
    int8(micros(row.created)),
    nullable(row.completed === null ? null : int8(micros(row.completed))),
    text(row.currency),
    int8(row.amount),
    text(row.status),
    uuid(row.transaction_id),
    text(row.transaction_status),
    text(row.transaction_payment_method),
    text(row.transaction_payment_method_brand),
    int8(BigInt(row.transaction_amount)),
    text(row.transaction_currency),
    nullable(
      row.transaction_refund_of_transaction_id === null
        ? null
        : uuid(row.transaction_refund_of_transaction_id),
    ),
    text(row.transaction_truncated_pan),
    text(row.transaction_settlement_currency),
    nullable(row.transaction_settlement_amount === null ? null : int8(row.transaction_settlement_amount)),
    text(row.transaction_fee_currency),
    nullable(row.transaction_fee_amount === null ? null : int8(row.transaction_fee_amount)),
    text(row.customer_merchant_customer_id),
    uuid(row.merchant_id),
    uuid(row.project_id),
  ];
  return `\\x${Buffer.concat(parts).toString('hex')}`;
}

/** The readable definition of the line: csvLine(reportCells(row)) over the same values as text. */
function expectedLine(row: Row): string {
  const asText = (value: bigint | null) => (value === null ? null : value.toString());
  return csvLine(
    reportCells({
      ...row,
      amount: row.amount.toString(),
      transaction_settlement_amount: asText(row.transaction_settlement_amount),
      transaction_fee_amount: asText(row.transaction_fee_amount),
    }),
  );
}

const base: Row = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  merchant_order_id: 'A-1',
  created: '2026-11-21 10:00:00.123456',
  completed: null,
  currency: 'EUR',
  amount: 995n,
  status: 'completed',
  transaction_id: 'ffffffff-0000-4000-8000-00000000000a',
  transaction_status: 'completed',
  transaction_payment_method: 'credit-card',
  transaction_payment_method_brand: 'visa',
  transaction_amount: '995',
  transaction_currency: 'EUR',
  transaction_refund_of_transaction_id: null,
  transaction_truncated_pan: '411111******1111',
  transaction_settlement_currency: 'EUR',
  transaction_settlement_amount: 995n,
  transaction_fee_currency: null,
  transaction_fee_amount: null,
  customer_merchant_customer_id: null,
  merchant_id: '12345678-9abc-4def-8123-456789abcdef',
  project_id: '00000000-0000-4000-8000-000000000000',
};

const FREE_TEXT = [
  '',
  null,
  'plain',
  'a,b',
  'say "hi"',
  'line\nbreak',
  'carriage\rreturn',
  'crlf\r\n',
  '"',
  ',',
  '=1+1',
  '+31 20 123',
  '-2+3',
  '@SUM(A1:A9)',
  '\tcmd',
  '\rcmd',
  "'already",
  '=HYPERLINK("https://evil.example","click")',
  'ünïcødé',
  '日本語の注文',
  'emoji 😀 ,"',
  '-',
  ' leading space',
];

/** Varied rows: every free-text value in every free-text cell, and the edge values of the other cells. */
function variedRows(): Row[] {
  const rows: Row[] = [];
  FREE_TEXT.forEach((value, index) => {
    rows.push(
      { ...base, merchant_order_id: value },
      {
        ...base,
        transaction_payment_method_brand: value,
        transaction_truncated_pan: FREE_TEXT.at(-index - 1)!,
      },
      { ...base, customer_merchant_customer_id: value, transaction_fee_currency: value },
      {
        ...base,
        status: value ?? 'new',
        transaction_status: value ?? 'new',
        transaction_payment_method: value ?? 'x',
      },
    );
  });
  const timestamps = [
    '2026-11-21 00:00:00',
    '2026-11-21 23:59:59.999999',
    '2026-11-21 10:00:00.1',
    '2026-11-21 10:00:00.0005',
    '2000-01-01 00:00:00',
    '1999-12-31 23:59:59.9995',
    '1970-01-01 00:00:00.001',
    '0001-01-01 00:00:00',
    '9999-12-31 23:59:59.999999',
    '2024-02-29 12:34:56.789',
  ];
  for (const created of timestamps) rows.push({ ...base, created, completed: created });
  const amounts: [string, bigint][] = [
    ['EUR', 0n],
    ['EUR', 5n],
    ['EUR', 100n],
    ['EUR', 123456789n],
    ['JPY', 12000n],
    ['JPY', 0n],
    ['KWD', 5n],
    ['KWD', 1500n],
    ['KWD', 1000n],
    ['USD', 9_007_199_254_740_993n],
    ['EUR', 9_223_372_036_854_775_807n],
  ];
  for (const [currency, amount] of amounts) {
    rows.push({
      ...base,
      currency,
      amount,
      transaction_currency: currency,
      transaction_amount: amount.toString(),
      transaction_settlement_currency: currency,
      transaction_settlement_amount: -amount,
      transaction_fee_currency: currency,
      transaction_fee_amount: amount,
    });
  }
  rows.push(
    { ...base, amount: -5n },
    { ...base, transaction_amount: '-5' },
    {
      ...base,
      transaction_refund_of_transaction_id: base.transaction_id,
      transaction_settlement_amount: null,
    },
    { ...base, transaction_fee_amount: -25n, transaction_fee_currency: 'EUR' },
    { ...base, transaction_settlement_amount: -9_223_372_036_854_775_808n },
  );
  return rows;
}

const write = (rows: readonly Row[]) => {
  const writer = new ReportLineWriter();
  for (const row of rows) writer.line(encode(row));
  return Buffer.concat(writer.take(true));
};

describe('CSV report lines from binary rows', () => {
  it('reads the cells in the order and with the names of the CSV columns', () => {
    expect(REPORT_FIELDS.map(([column]) => column)).toEqual([...CSV_COLUMNS]);
  });

  it('writes each line byte for byte as csvLine(reportCells(row)) does', () => {
    for (const row of variedRows()) {
      expect(write([row]).toString('utf8')).toBe(expectedLine(row));
    }
  });

  it('writes many lines across chunks without losing or splitting a byte', () => {
    const rows = Array.from({ length: 40 }, () => variedRows()).flat();
    const writer = new ReportLineWriter();
    const chunks: Buffer[] = [];
    for (const row of rows) {
      writer.line(encode(row));
      chunks.push(...writer.take(false));
    }
    chunks.push(...writer.take(true));
    expect(chunks.length).toBeGreaterThan(2);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(rows.map(expectedLine).join(''));
  });

  it('refuses a row that does not match the encoding instead of writing a wrong line', () => {
    const hex = encode(base);
    expect(() => new ReportLineWriter().line(hex.slice(0, -2))).toThrow();
    expect(() => new ReportLineWriter().line(`${hex}00`)).toThrow();
  });

  it('refuses an infinite timestamp, as the text form did', () => {
    const hex = encode(base);
    const infinite = hex.replace(int8(micros(base.created)).toString('hex'), '7fffffffffffffff');
    expect(() => new ReportLineWriter().line(infinite)).toThrow(RangeError);
  });
});

describe('CSV report lines from rows without the project id', () => {
  /** The row as the export has PostgreSQL send it: without its last cell, the project's 16 bytes. */
  const withoutProject = (row: Row) => encode(row).slice(0, -32);

  it('writes the given project id in the project_id cell, every other byte as from the full row', () => {
    const rows = Array.from({ length: 40 }, () => variedRows()).flat();
    const writer = new ReportLineWriter({ projectId: base.project_id });
    const chunks: Buffer[] = [];
    for (const row of rows) {
      writer.line(withoutProject(row));
      chunks.push(...writer.take(false));
    }
    chunks.push(...writer.take(true));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      rows.map((row) => expectedLine({ ...row, project_id: base.project_id })).join(''),
    );
  });

  it('refuses a row that still carries the project id, and a project id PostgreSQL would not write', () => {
    expect(() => new ReportLineWriter({ projectId: base.project_id }).line(encode(base))).toThrow();
    expect(() => new ReportLineWriter({ projectId: base.id.toUpperCase() })).toThrow();
  });
});
