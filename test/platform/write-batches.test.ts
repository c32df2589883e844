import pg, { type Pool } from 'pg';
import { preparedStatement } from '../../src/platform/db/prepared.ts';
import { WriteBatches } from '../../src/platform/db/write-batches.ts';
import { isDatabaseOutage } from '../../src/platform/errors/outage.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { endOfTurn } from '../helpers/event-loop.ts';

/** Rows of one write; `n` must not be negative (the database refuses the row: a write with an error of its own). */
const INSERT = preparedStatement(
  'test.batch_rows.insert',
  'insert into batch_rows (id, n) select id, n from json_populate_recordset(null::batch_rows, $1::json)',
);
/** The same, slowed down, so that a test can act while the statement runs. */
const SLOW_INSERT = preparedStatement(
  'test.batch_rows.slow_insert',
  `insert into batch_rows (id, n) select r.id, r.n
     from json_populate_recordset(null::batch_rows, $1::json) r, pg_sleep($2::float8)`,
);

/**
 * The application's group commit (platform/db/write-batches.ts) against a real database: which writes share a
 * statement, and what each write is answered when a shared statement fails.
 */
describe('writes merged into shared statements', () => {
  let databaseUrl: string;
  let pool: Pool;
  /** The values of each statement sent, in order. */
  let sent: unknown[][];
  const batchesOf = (inFlight: number, turnMs?: number) =>
    new WriteBatches({
      inFlight,
      turnMs,
      pool: async () =>
        ({
          query: (config: { text: string; values: unknown[] }) => {
            sent.push(config.values);
            return pool.query(config);
          },
        }) as unknown as Pool,
    });
  /** One write of `rows`; with `sleep`, its statement also sleeps that many seconds. */
  const write = (batches: WriteBatches, rows: { id: number; n: number }[], sleep?: number) =>
    sleep === undefined
      ? batches.run(INSERT, [JSON.stringify(rows)], ['rows'])
      : batches.run(SLOW_INSERT, [JSON.stringify(rows), sleep], ['rows', 'same']);
  const stored = async () =>
    (await sql<{ id: number }>(databaseUrl, 'select id from batch_rows order by id')).map((row) => row.id);

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => undefined);
    await pool.query('create table batch_rows (id int primary key, n int not null check (n >= 0))');
  });
  afterAll(() => pool.end());
  beforeEach(async () => {
    sent = [];
    await pool.query('truncate batch_rows');
  });

  const idsSent = () => sent.map(([rows]) => JSON.parse(rows as string).map((row: { id: number }) => row.id));

  it('sends a write while a slot is free, and the writes that arrive meanwhile as one statement', async () => {
    const batches = batchesOf(2);
    const first = write(batches, [{ id: 1, n: 0 }], 0.2);
    await endOfTurn();
    const second = write(batches, [{ id: 2, n: 0 }], 0.2);
    await endOfTurn();
    const queued = [3, 4, 5, 6, 7].map((id) => write(batches, [{ id, n: 0 }]));
    await Promise.all([first, second, ...queued]);

    expect(idsSent()).toEqual([[1], [2], [3, 4, 5, 6, 7]]);
    expect(await stored()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('sends the writes made in one turn of the event loop as one statement, though a slot is free', async () => {
    // A statement's writes are answered together, and their clients' next requests arrive together: the first
    // of them does not leave alone with the others waiting behind it.
    const batches = batchesOf(1);
    await Promise.all([1, 2, 3].map((id) => write(batches, [{ id, n: 0 }])));
    await write(batches, [{ id: 4, n: 0 }]);

    expect(idsSent()).toEqual([[1, 2, 3], [4]]);
    expect(await stored()).toEqual([1, 2, 3, 4]);
  });

  it('fails only the write the database refuses: the others of its statement are stored, each once', async () => {
    const batches = batchesOf(1);
    const first = write(batches, [{ id: 1, n: 0 }]);
    await endOfTurn();
    const queued = [
      write(batches, [{ id: 2, n: 0 }]),
      write(batches, [{ id: 3, n: -1 }]),
      write(batches, [
        { id: 4, n: 0 },
        { id: 5, n: 0 },
      ]),
    ];
    const outcomes = await Promise.allSettled([first, ...queued]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23514' });
    // The first alone, the three together (refused as a whole), then each of the three on its own.
    expect(sent).toHaveLength(5);
    expect(await stored()).toEqual([1, 2, 4, 5]);
  });

  it('fails every write of a statement whose connection is cut, and sends none of them again', async () => {
    const batches = batchesOf(1);
    const first = write(batches, [{ id: 1, n: 0 }], 0.3);
    await endOfTurn();
    const queued = [2, 3, 4].map((id) => write(batches, [{ id, n: 0 }], 0.3));
    const settled = Promise.allSettled(queued);
    await first;
    // The three left together when the first returned: cut their statement's connection while it runs.
    const deadline = Date.now() + 5000;
    let cut = 0;
    while (cut === 0 && Date.now() < deadline) {
      const [row] = await sql<{ cut: number }>(
        databaseUrl,
        `select count(pg_terminate_backend(pid))::int as cut from pg_stat_activity
          where datname = current_database() and state = 'active' and query like '%batch_rows%pg_sleep%'
            and pid <> pg_backend_pid()`,
      );
      cut = row!.cut;
    }
    expect(cut).toBe(1);

    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes)
      expect(isDatabaseOutage((outcome as PromiseRejectedResult).reason)).toBe(true);
    expect(sent).toHaveLength(2);
    expect(await stored()).toEqual([1]);
  });

  it('lets the writes behind a statement that does not return go out without it', async () => {
    const batches = batchesOf(1, 200);
    const slow = write(batches, [{ id: 1, n: 0 }], 1.5);
    let slowReturned = false;
    void slow.then(() => {
      slowReturned = true;
    });
    await write(batches, [{ id: 2, n: 0 }]);

    expect(slowReturned).toBe(false);
    expect(await stored()).toEqual([2]);
    await slow;
    expect(await stored()).toEqual([1, 2]);
  });
});
