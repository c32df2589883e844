import {
  CSV_COLUMNS,
  CSV_HEADER_LINE,
  type CsvRow,
  createCsvStringifier,
  csvCells,
  csvLine,
  neutraliseFormula,
} from '../../src/modules/search/csv.ts';

const emptyRow = (): Record<(typeof CSV_COLUMNS)[number], null> =>
  Object.fromEntries(CSV_COLUMNS.map((column) => [column, null])) as Record<
    (typeof CSV_COLUMNS)[number],
    null
  >;

function row(values: Partial<CsvRow>): CsvRow {
  return { ...emptyRow(), ...values };
}

async function render(rows: CsvRow[], options?: { bom?: boolean }): Promise<string> {
  const stringifier = createCsvStringifier(options);
  const chunks: string[] = [];
  stringifier.on('data', (chunk: Buffer | string) => chunks.push(chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    stringifier.on('end', resolve);
    stringifier.on('error', reject);
  });
  for (const each of rows) stringifier.write(csvCells(each));
  stringifier.end();
  await done;
  return chunks.join('');
}

const HEADER =
  'id,merchant_order_id,created,completed,currency,amount,status,transaction.id,transaction.status,' +
  'transaction.payment_method,transaction.payment_method_brand,transaction.amount_with_decimals,' +
  'transaction.refund_of_transaction_id,transaction.payment_method_details.truncated_pan,' +
  'transaction.settlement_currency,transaction.settlement_amount,transaction.fee_currency,' +
  'transaction.fee_amount,customer.merchant_customer_id,merchant_id,project_id';

describe('CSV report', () => {
  it('has the columns of spec 4.14 in order', () => {
    expect(CSV_COLUMNS.join(',')).toBe(HEADER);
  });

  it('writes the header line first, then one CRLF-terminated line per row', async () => {
    const output = await render([row({ id: 'a', amount: 995, currency: 'EUR' })]);
    expect(output).toBe(`${HEADER}\r\na,,,,EUR,995${','.repeat(15)}\r\n`);
  });

  it('writes only the header for an empty result', async () => {
    expect(await render([])).toBe(`${HEADER}\r\n`);
  });

  it('maps a row to cells in column order, with ISO timestamps and empty cells for missing values', () => {
    const cells = csvCells(
      row({
        id: 'order-1',
        created: new Date('2026-11-21T10:00:00.000Z'),
        completed: undefined,
        amount: 995n,
        'transaction.amount_with_decimals': '9.95',
        project_id: 'project-1',
      }),
    );
    expect(cells).toHaveLength(CSV_COLUMNS.length);
    expect(cells[0]).toBe('order-1');
    expect(cells[2]).toBe('2026-11-21T10:00:00.000Z');
    expect(cells[3]).toBe('');
    expect(cells[5]).toBe(995n);
    expect(cells[11]).toBe('9.95');
    expect(cells.at(-1)).toBe('project-1');
  });

  it('quotes commas, quotes, line feeds and carriage returns as RFC 4180 requires', async () => {
    const output = await render([
      row({
        merchant_order_id: 'a,b',
        'customer.merchant_customer_id': 'say "hi"',
        status: 'x\ny',
        currency: 'p\rq',
      }),
    ]);
    const line = output.split('\r\n')[1];
    expect(line).toBe(`,"a,b",,,"p\rq",,"x\ny"${','.repeat(12)}"say ""hi""",,`);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'neutralises a text cell starting like a formula: %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
      expect(csvCells(row({ merchant_order_id: text }))[1]).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text and numbers alone', () => {
    expect(neutraliseFormula('order=1')).toBe('order=1');
    expect(neutraliseFormula("'quoted")).toBe("'quoted");
    expect(csvCells(row({ amount: 0 }))[5]).toBe(0);
  });

  it('writes a neutralised formula once, not twice', async () => {
    const output = await render([row({ merchant_order_id: '=HYPERLINK("http://x")' })]);
    expect(output.split('\r\n')[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('can start with a UTF-8 byte order mark for spreadsheet programs', async () => {
    expect((await render([], { bom: true })).startsWith('\ufeffid,')).toBe(true);
  });

  it('writes each line exactly as the csv-stringify stringifier does', async () => {
    const rows = [
      row({ id: 'order-1', amount: 995n, created: new Date('2026-11-21T10:00:00Z') }),
      row({
        merchant_order_id: 'a,b',
        'customer.merchant_customer_id': 'say "hi"',
        status: 'x\ny',
        currency: 'p\rq',
        'transaction.payment_method_brand': '=cmd|"/c calc"!A1',
      }),
      row({ merchant_order_id: '  spaced  ', amount: 0, 'transaction.fee_amount': -25n }),
      row({ merchant_order_id: '"', 'customer.merchant_customer_id': '\r\n' }),
    ];
    expect(CSV_HEADER_LINE + rows.map((each) => csvLine(csvCells(each))).join('')).toBe(await render(rows));
  });
});
