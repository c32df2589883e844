import {
  type ColumnMap,
  EVENT_COLUMNS,
  ORDER_COLUMNS,
  OUTBOX_COLUMNS,
  rowJson,
  rowsJson,
  TRANSACTION_COLUMNS,
} from '../../src/modules/orders/order-rows.repository.ts';

/**
 * The writes' rows are serialised by code compiled per column list (`rowJson`); whatever a record holds, the text
 * must be what `JSON.stringify` makes of the row object, which is what the statements were written against.
 */
/** The row object the statements were written against: keyed by column, an absent value null. */
function rowOf(record: object, columns: ColumnMap): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(columns.map(([property, column]) => [column, source[property] ?? null]));
}
const asStringified = (record: object, columns: ColumnMap) => JSON.stringify(rowOf(record, columns));

/** A record with every column of the list filled by `fill(index)`. */
function recordOf(columns: ColumnMap, fill: (index: number) => unknown): Record<string, unknown> {
  return Object.fromEntries(columns.map(([property], index) => [property, fill(index)]));
}

const AWKWARD_VALUES: unknown[] = [
  null,
  undefined,
  'plain',
  'quote " backslash \\ newline \n tab \t',
  'line separators \u2028 \u2029 and an emoji 💳',
  '\u0000 control',
  0,
  -0,
  995,
  -12.5,
  1e21,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  new Date('2026-11-29T22:50:01.123Z'),
  new Date(Number.NaN),
  [],
  ['credit-card', { nested: [1, null, 'x'] }],
  {},
  { a: 1, b: { c: [true, null] }, d: new Date('2026-01-02T03:04:05.006Z') },
];

describe('a row serialised for a write', () => {
  it.each([
    ['orders', ORDER_COLUMNS],
    ['transactions', TRANSACTION_COLUMNS],
    ['transaction_events', EVENT_COLUMNS],
    ['outbox_events', OUTBOX_COLUMNS],
  ] as const)(
    'is what JSON.stringify makes of the %s row object, whatever its columns hold',
    (_table, columns) => {
      for (let shift = 0; shift < AWKWARD_VALUES.length; shift++) {
        const record = recordOf(columns, (index) => AWKWARD_VALUES[(index + shift) % AWKWARD_VALUES.length]);
        expect(rowJson(record, columns)).toBe(asStringified(record, columns));
      }
    },
  );

  it('reads the record by its property names and writes the column names', () => {
    const columns: ColumnMap = [
      ['id', 'id'],
      ['projectId', 'project_id'],
      ['completedAt', 'completed_at'],
    ];
    expect(JSON.parse(rowJson({ id: 'a', projectId: 'p', ignored: 1 }, columns))).toEqual({
      id: 'a',
      project_id: 'p',
      completed_at: null,
    });
  });

  it('writes several rows as one JSON array, and none as an empty one', () => {
    const records = [recordOf(EVENT_COLUMNS, () => 'x'), recordOf(EVENT_COLUMNS, () => null)];
    expect(rowsJson(records, EVENT_COLUMNS)).toBe(
      JSON.stringify(records.map((record) => rowOf(record, EVENT_COLUMNS))),
    );
    expect(rowsJson([], EVENT_COLUMNS)).toBe('[]');
  });

  it('takes a property or column name that needs quoting as a name, never as code', () => {
    const columns: ColumnMap = [
      ["it's", 'a"b'],
      ['x\\y', "c'); process.exit(1); ('"],
    ];
    const record = { "it's": 1, 'x\\y': 'two' };
    expect(rowJson(record, columns)).toBe(asStringified(record, columns));
  });
});
