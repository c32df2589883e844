import pg, { type Pool } from 'pg';
import { PipelinedTransaction } from '../../src/platform/db/pipelined-transaction.ts';
import {
  LockHeldBySharer,
  SharedTransactions,
  type SharingRequest,
  type TransactionClient,
} from '../../src/platform/db/shared-transactions.ts';
import { isDatabaseOutage } from '../../src/platform/errors/outage.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { endOfTurn } from '../helpers/event-loop.ts';

/** What one request does: lock its account, then (unless it fails first) add `n` to it and log its id. */
interface Step {
  id: number;
  account: number;
  n?: number;
  /** Fails with an error of its own, before writing or after. */
  fails?: 'before-writing' | 'after-writing';
  /** Seconds its write sleeps (so that a test can act meanwhile). */
  sleep?: number;
  /** Its write is its last statement, merged with the other requests' (as a command's combined write). */
  last?: boolean;
}

/** The write as a last statement: the same text for every request, values that merge as lists. */
const LAST_WRITE = `with w as (update accounts a set balance = balance + u.n
    from unnest($1::int[], $2::int[]) as u(account, n) where a.id = u.account)
  insert into ledger (id, account, txid) select u.id, u.account, txid_current()
    from unnest($3::int[], $1::int[]) as u(id, account)`;
const LAST_WRITE_MERGING = {
  merges: ['list', 'list', 'list'] as const,
  merged: () => ({ name: 'test.last_write', text: LAST_WRITE }),
};

class OwnError extends Error {}

/**
 * Locked transactions shared by concurrent requests (platform/db/shared-transactions.ts) against a real database:
 * which requests share one transaction, and what each is answered when one of them fails.
 */
describe('transactions shared by concurrent requests', () => {
  let databaseUrl: string;
  let pool: Pool;
  /** Per request: how it ran ('shared' with the transaction id, or 'alone'). */
  let runs: string[];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    pool = new pg.Pool({ connectionString: databaseUrl, max: 6 });
    pool.on('error', () => undefined);
    // As the app's pool: a connection the server drops is an error of the statement on it, never an uncaught one.
    pool.on('connect', (client) => client.on('error', () => undefined));
    // Rows about as wide as an order's, so that the planner sizes a young table of them as it sizes `orders`.
    await pool.query(
      `create table accounts (id int primary key, balance int not null check (balance >= 0),
        memo char(600) not null default '')`,
    );
    await pool.query(`create table ledger (id int primary key, account int not null, txid bigint not null)`);
  });
  afterAll(() => pool.end());
  beforeEach(async () => {
    runs = [];
    await pool.query('truncate accounts, ledger');
    await pool.query('insert into accounts (id, balance) select g, 10 from generate_series(1, 10) g');
  });

  const shared = (inFlight = 1) => new SharedTransactions({ inFlight, connect: () => pool.connect() });

  /** The request's work on a transaction client, as a command's would be: lock, decide, write. */
  async function work(client: TransactionClient, step: Step): Promise<number> {
    const [locked] = await client.run<{ id: number }>({
      text: 'select id from accounts where id = $1 for update',
      values: [step.account],
    });
    if (!locked) throw new OwnError(`no account ${step.account}`);
    if (!client.claim(`accounts:${step.account}`)) throw new LockHeldBySharer(`accounts:${step.account}`);
    if (step.fails === 'before-writing') throw new OwnError(`request ${step.id} refused`);
    if (step.last) {
      await client.run(
        { text: LAST_WRITE, values: [[step.account], [step.n ?? 1], [step.id]] },
        true,
        LAST_WRITE_MERGING,
      );
    } else
      await client.run({
        text: `with w as (update accounts set balance = balance + $2 where id = $1)
             insert into ledger (id, account, txid) select $3, $1, txid_current() from pg_sleep($4::float8)`,
        values: [step.account, step.n ?? 1, step.id, step.sleep ?? 0],
      });
    if (step.fails === 'after-writing') throw new OwnError(`request ${step.id} failed after writing`);
    return step.id;
  }

  function request(step: Step, on: Pool = pool): SharingRequest<number> {
    return {
      alone: async () => {
        runs.push(`${step.id} alone`);
        const transaction = new PipelinedTransaction(await on.connect());
        try {
          const value = await work(transaction, step);
          await transaction.commit();
          return value;
        } catch (error) {
          await transaction.rollback();
          throw error;
        } finally {
          transaction.release();
        }
      },
      share: async (client) => {
        runs.push(`${step.id} shared`);
        return { value: await work(client, step), settle: () => undefined };
      },
    };
  }

  /**
   * The first request, then (once it has left, alone) the others at once: they queue behind it and share one
   * transaction. Answers each request's outcome.
   */
  async function firstThenTheRest<T>(
    steps: T[],
    run: (step: T) => Promise<number>,
  ): Promise<PromiseSettledResult<number>[]> {
    const [first, ...rest] = steps;
    const firstAnswer = run(first!);
    await endOfTurn();
    return Promise.allSettled([firstAnswer, ...rest.map(run)]);
  }

  /**
   * Requests 1 to 4 on accounts 1 to 4 (each changed by `all`, the third then by `third`), through one
   * `SharedTransactions`: the first alone, the other three in one transaction.
   */
  const fourWithThird = (third: Partial<Step>, all: Partial<Step> = {}) => {
    const transactions = shared(1);
    const steps = [1, 2, 3, 4].map((id) => ({ id, account: id, ...all, ...(id === 3 ? third : {}) }));
    return firstThenTheRest(steps, (step) => transactions.run('pay', request(step)));
  };
  const statuses = (answers: PromiseSettledResult<number>[]) => answers.map((answer) => answer.status);

  const ledger = async () =>
    sql<{ id: number; account: number; txid: string }>(databaseUrl, 'select * from ledger order by id');
  const balances = async () =>
    (await sql<{ balance: number }>(databaseUrl, 'select balance from accounts order by id')).map(
      (row) => row.balance,
    );

  it('runs a request alone while a slot is free, and the requests that arrive meanwhile in one transaction', async () => {
    const transactions = shared(1);
    const answers = await firstThenTheRest([1, 2, 3, 4, 5], (id) =>
      transactions.run('pay', request({ id, account: id })),
    );

    expect(answers.map((answer) => (answer as PromiseFulfilledResult<number>).value)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(runs).toEqual(['1 alone', '2 shared', '3 shared', '4 shared', '5 shared']);
    const rows = await ledger();
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5]);
    // The four that waited committed in one transaction.
    expect(new Set(rows.slice(1).map((row) => row.txid)).size).toBe(1);
    expect(rows[0]!.txid).not.toBe(rows[1]!.txid);
    expect(await balances()).toEqual([11, 11, 11, 11, 11, 10, 10, 10, 10, 10]);
  });

  it('runs the requests made in one turn of the event loop in one transaction, though a slot is free', async () => {
    // Requests arrive in bunches (a transaction's requests are answered together, and their clients' next
    // requests arrive together): the first of them does not run alone with the others waiting behind it.
    const transactions = shared(1);
    const answers = await Promise.all(
      [1, 2, 3].map((id) => transactions.run('pay', request({ id, account: id }))),
    );
    await transactions.run('pay', request({ id: 4, account: 4 }));

    expect(answers).toEqual([1, 2, 3]);
    expect(runs).toEqual(['1 shared', '2 shared', '3 shared', '4 alone']);
    const rows = await ledger();
    expect(new Set(rows.slice(0, 3).map((row) => row.txid)).size).toBe(1);
    expect(await balances()).toEqual([11, 11, 11, 11, 10, 10, 10, 10, 10, 10]);
  });

  it('answers a request that refuses before writing with its own error, and commits the others with no second run', async () => {
    const answers = await fourWithThird({ fails: 'before-writing' });

    expect(statuses(answers)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(OwnError);
    expect(runs).toEqual(['1 alone', '2 shared', '3 shared', '4 shared']);
    expect((await ledger()).map((row) => row.id)).toEqual([1, 2, 4]);
  });

  it('rolls back a request that fails after writing, and runs every other one again alone', async () => {
    const answers = await fourWithThird({ fails: 'after-writing' });

    expect(statuses(answers)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(runs.sort()).toEqual(['1 alone', '2 alone', '2 shared', '3 shared', '4 alone', '4 shared']);
    expect((await ledger()).map((row) => row.id)).toEqual([1, 2, 4]);
    expect(await balances()).toEqual([11, 11, 10, 11, 10, 10, 10, 10, 10, 10]);
  });

  it('commits with the last statements: a request failing after its own has its error, and every write commits once', async () => {
    // The COMMIT leaves behind the merged last statements, as it does behind a request's last statement alone: a
    // request's last statement is its last database step, so what fails after it does not undo its write.
    const answers = await fourWithThird({ fails: 'after-writing' }, { last: true });

    expect(statuses(answers)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(OwnError);
    expect(runs).toEqual(['1 alone', '2 shared', '3 shared', '4 shared']);
    const rows = await ledger();
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(new Set(rows.slice(1).map((row) => row.txid)).size).toBe(1);
    expect(await balances()).toEqual([11, 11, 11, 11, 10, 10, 10, 10, 10, 10]);
  });

  it('holds the commit back from last statements when a request had failed after writing, and runs the others again', async () => {
    // The third writes with a statement of its own (not a last one) and fails: its write must not commit, so the
    // others' last statements leave without the COMMIT and the transaction rolls back.
    const answers = await fourWithThird({ fails: 'after-writing', last: false }, { last: true });

    expect(statuses(answers)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(runs.sort()).toEqual(['1 alone', '2 alone', '2 shared', '3 shared', '4 alone', '4 shared']);
    expect((await ledger()).map((row) => row.id)).toEqual([1, 2, 4]);
    expect(await balances()).toEqual([11, 11, 10, 11, 10, 10, 10, 10, 10, 10]);
  });

  it('runs everyone again alone when the database refuses a statement: only the request at fault fails', async () => {
    // The third would leave its balance negative: the check constraint refuses it, and the shared transaction is
    // aborted.
    const answers = await fourWithThird({ n: -100 });

    expect(statuses(answers)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(String((answers[2] as PromiseRejectedResult).reason)).toMatch(/check constraint/);
    expect(runs.filter((run) => run.endsWith('alone')).sort()).toEqual([
      '1 alone',
      '2 alone',
      '3 alone',
      '4 alone',
    ]);
    expect((await ledger()).map((row) => row.id)).toEqual([1, 2, 4]);
    expect(await balances()).toEqual([11, 11, 10, 11, 10, 10, 10, 10, 10, 10]);
  });

  it('never lets two requests of one transaction act on one row: the second runs alone after the commit', async () => {
    const transactions = shared(1);
    const steps: Step[] = [
      { id: 1, account: 1 },
      { id: 2, account: 5 },
      { id: 3, account: 5 },
      { id: 4, account: 6 },
    ];
    const answers = await firstThenTheRest(steps, (step) => transactions.run('pay', request(step)));

    expect(answers.map((answer) => (answer as PromiseFulfilledResult<number>).value)).toEqual([1, 2, 3, 4]);
    expect(runs).toEqual(['1 alone', '2 shared', '3 shared', '4 shared', '3 alone']);
    const rows = await ledger();
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    expect(rows[1]!.txid).toBe(rows[3]!.txid);
    expect(rows[2]!.txid).not.toBe(rows[1]!.txid);
    expect(await balances()).toEqual([11, 10, 10, 10, 12, 11, 10, 10, 10, 10]);
  });

  it('joins the merged statements by key, even with a plan made while the table was small', async () => {
    // PostgreSQL keeps a prepared statement's generic plan until the table is next analyzed: one made while the
    // table was a page big reads all of it once the table has grown. Every plan here is made at once and kept,
    // on one connection, whose statistics are read back.
    const planned = new pg.Pool({
      connectionString: databaseUrl,
      max: 1,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    const transactions = new SharedTransactions({ inFlight: 1, connect: () => planned.connect() });
    const pay = (ids: number[]) =>
      firstThenTheRest(ids, (id) =>
        transactions.run('pay', request({ id, account: id, last: true }, planned)),
      );
    const accountsRead = async () => {
      await planned.query('select pg_stat_force_next_flush()');
      const { rows } = await planned.query<{ rows: string }>(
        `select seq_tup_read as rows from pg_stat_user_tables where relname = 'accounts'`,
      );
      return Number(rows[0]!.rows);
    };
    try {
      await pay([1, 2, 3, 4]);
      await planned.query(
        'insert into accounts (id, balance) select g, 10 from generate_series(11, 20000) g',
      );
      const before = await accountsRead();

      await pay([5, 6, 7, 8]);

      expect(runs.filter((run) => run.endsWith('shared'))).toHaveLength(6);
      expect((await accountsRead()) - before).toBe(0);
      expect((await ledger()).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await planned.end();
    }
  });

  it('answers every request of a transaction whose connection is lost with the outage, and runs none again', async () => {
    const transactions = shared(1);
    const first = transactions.run('pay', request({ id: 1, account: 1, sleep: 0.5 }));
    await endOfTurn();
    const queued = [2, 3, 4].map((id) =>
      transactions.run('pay', request({ id, account: id, sleep: id === 3 ? 2 : 0 })),
    );
    // Their answers are taken at once: they arrive while the backend is being terminated below.
    const settled = Promise.allSettled(queued);
    await first;
    // The shared transaction's backend, found by its sleeping write, is terminated mid-statement.
    for (let attempt = 0; attempt < 100; attempt++) {
      const [killed] = await sql<{ done: boolean }>(
        databaseUrl,
        `select pg_terminate_backend(pid) as done from pg_stat_activity
          where datname = current_database() and query like '%pg_sleep%' and state = 'active'
            and pid <> pg_backend_pid()`,
      );
      if (killed?.done) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await settled;

    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const answer of answers)
      expect(isDatabaseOutage((answer as PromiseRejectedResult).reason)).toBe(true);
    expect(runs.filter((run) => run.endsWith('alone'))).toEqual(['1 alone']);
    expect((await ledger()).map((row) => row.id)).toEqual([1]);
  });
});
