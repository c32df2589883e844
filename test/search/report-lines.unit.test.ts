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
const text = (value: string | null) => (value === null ? null : Buffer.from(value, 'utf8'));

/** One field of a binary COPY row: its 32-bit length (-1 for NULL), then its bytes. */
function field(value: Buffer | null): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(value === null ? -1 : value.length);
  return value === null ? length : Buffer.concat([length, value]);
}

/** The row as report.repository.ts has PostgreSQL send it (report-encoding.ts): a binary COPY row. */
function encode(row: Row, { withProject = true } = {}): Buffer {
  const fields = [
    uuid(row.id),
    text(row.merchant_order_id),
    int8(micros(row.created)),
    row.completed === null ? null : int8(micros(row.completed)),
    text(row.currency),
    int8(row.amount),
    text(row.status),
    uuid(row.transaction_id),
    text(row.transaction_status),
    text(row.transaction_payment_method),
    text(row.transaction_payment_method_brand),
    int8(BigInt(row.transaction_amount)),
    text(row.transaction_currency),
    row.transaction_refund_of_transaction_id === null ? null : uuid(row.transaction_refund_of_transaction_id),
    text(row.transaction_truncated_pan),
    text(row.transaction_settlement_currency),
    row.transaction_settlement_amount === null ? null : int8(row.transaction_settlement_amount),
    text(row.transaction_fee_currency),
    row.transaction_fee_amount === null ? null : int8(row.transaction_fee_amount),
    text(row.customer_merchant_customer_id),
    uuid(row.merchant_id),
    ...(withProject ? [uuid(row.project_id)] : []),
  ];
  const count = Buffer.alloc(2);
  count.writeInt16BE(fields.length);
  return Buffer.concat([count, ...fields.map(field)]);
}

/** PostgreSQL's binary COPY header (signature, flags, no extension) and its end marker. */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const COPY_END = Buffer.from([0xff, 0xff]);
const copyStream = (rows: readonly Buffer[]) => Buffer.concat([COPY_HEADER, ...rows, COPY_END]);

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

/** Feeds the COPY stream to a writer in chunks of `chunkBytes` (rows then split anywhere) and returns its CSV. */
function writeStream(stream: Buffer, chunkBytes = stream.length, writer = new ReportLineWriter()): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 0; at < stream.length; at += chunkBytes) {
    writer.write(stream.subarray(at, at + chunkBytes));
    chunks.push(...writer.take(false));
  }
  writer.end();
  chunks.push(...writer.take(true));
  return Buffer.concat(chunks);
}

const write = (rows: readonly Row[]) => writeStream(copyStream(rows.map((row) => encode(row))));

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
    const stream = copyStream(rows.map((row) => encode(row)));
    const expected = rows.map(expectedLine).join('');
    for (const chunkBytes of [stream.length, 65_536, 1000, 7]) {
      expect(writeStream(stream, chunkBytes).toString('utf8')).toBe(expected);
    }
  });

  it('writes a row split at any byte across two chunks', () => {
    const stream = copyStream(
      variedRows()
        .slice(0, 3)
        .map((row) => encode(row)),
    );
    const expected = write(variedRows().slice(0, 3)).toString('utf8');
    for (let split = 1; split < stream.length; split++) {
      const writer = new ReportLineWriter();
      writer.write(stream.subarray(0, split));
      writer.write(stream.subarray(split));
      writer.end();
      expect(Buffer.concat(writer.take(true)).toString('utf8')).toBe(expected);
    }
  });

  it('refuses a row that does not match the encoding instead of writing a wrong line', () => {
    const row = encode(base);
    const withoutLast = Buffer.concat([row.subarray(0, 1), Buffer.of(row[1]! - 1), row.subarray(2, -20)]);
    expect(() => writeStream(copyStream([withoutLast]))).toThrow();
    const shortUuid = Buffer.from(row);
    shortUuid.writeInt32BE(15, 2);
    expect(() => writeStream(copyStream([shortUuid]))).toThrow();
    expect(() => writeStream(Buffer.concat([row, COPY_END]))).toThrow();
  });

  it('refuses a stream that ends in the middle of a row or goes on after its end', () => {
    const stream = copyStream([encode(base)]);
    expect(() => writeStream(stream.subarray(0, -3))).toThrow();
    expect(() => writeStream(Buffer.concat([stream, encode(base)]))).toThrow();
  });

  it('refuses an infinite timestamp, as the text form did', () => {
    const row = encode(base);
    const infinite = Buffer.from(
      row.toString('hex').replace(int8(micros(base.created)).toString('hex'), '7fffffffffffffff'),
      'hex',
    );
    expect(() => writeStream(copyStream([infinite]))).toThrow(RangeError);
  });
});

describe('CSV report lines from rows without the project id', () => {
  /** The row as the export has PostgreSQL send it: without its last cell, the project's id. */
  const withoutProject = (row: Row) => encode(row, { withProject: false });

  it('writes the given project id in the project_id cell, every other byte as from the full row', () => {
    const rows = Array.from({ length: 40 }, () => variedRows()).flat();
    const stream = copyStream(rows.map(withoutProject));
    const writer = new ReportLineWriter({ projectId: base.project_id });
    expect(writeStream(stream, 4096, writer).toString('utf8')).toBe(
      rows.map((row) => expectedLine({ ...row, project_id: base.project_id })).join(''),
    );
  });

  it('refuses a row that still carries the project id, and a project id PostgreSQL would not write', () => {
    const writer = new ReportLineWriter({ projectId: base.project_id });
    expect(() => writeStream(copyStream([encode(base)]), undefined, writer)).toThrow();
    expect(() => new ReportLineWriter({ projectId: base.id.toUpperCase() })).toThrow();
  });
});
