import {
  type ColumnMap,
  EVENT_COLUMNS,
  ORDER_COLUMNS,
  OUTBOX_COLUMNS,
  TRANSACTION_COLUMNS,
} from '../../src/modules/orders/order-rows.repository.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';

/**
 * The orders module writes its rows in one statement whose columns come from the entities' definitions
 * (order-rows.repository.ts). Here they are held to the migrated tables: an entity property without a column,
 * or a column without a property, fails. Columns the database fills itself are listed with why.
 */
const FILLED_BY_THE_DATABASE: Record<string, Record<string, string>> = {
  orders: {},
  transactions: {},
  transaction_events: { seq: 'bigserial: the order events happened in' },
  outbox_events: {
    id: 'bigserial: the feed position',
    txid: 'the writing transaction',
    topic: 'derived from type',
    from_status: 'derived from data',
    to_status: 'derived from data',
  },
};

const WRITTEN: Record<string, ColumnMap> = {
  orders: ORDER_COLUMNS,
  transactions: TRANSACTION_COLUMNS,
  transaction_events: EVENT_COLUMNS,
  outbox_events: OUTBOX_COLUMNS,
};

describe("the orders module's columns", () => {
  let columns: Map<string, string[]>;

  beforeAll(async () => {
    const rows = await sql<{ table_name: string; column_name: string }>(
      await createTestDatabase(),
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name = any($1::text[])`,
      [Object.keys(WRITTEN)],
    );
    columns = new Map();
    for (const row of rows)
      columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  });

  it.each(Object.keys(WRITTEN))(
    'are every column of %s but those the database fills, each a property',
    (table) => {
      const written = WRITTEN[table]!.map(([, column]) => column);
      const filled = Object.keys(FILLED_BY_THE_DATABASE[table]!);
      expect([...written, ...filled].sort()).toEqual([...columns.get(table)!].sort());
    },
  );

  it('name each property as the database names its column', () => {
    expect(ORDER_COLUMNS).toContainEqual(['merchantOrderId', 'merchant_order_id']);
    expect(TRANSACTION_COLUMNS).toContainEqual(['paymentMethodDetails', 'payment_method_details']);
  });
});
