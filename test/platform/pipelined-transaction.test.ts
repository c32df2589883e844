import pg from 'pg';
import type { Db } from '../../src/platform/db/db.ts';
import { type JoinedWrite, joiningWrites } from '../../src/platform/db/joined-writes.ts';
import type { SqlPart } from '../../src/platform/db/prepared.ts';
import { Repository, UnitOfWork } from '../../src/platform/db/repository.ts';
import { sql } from '../helpers/database.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Db.preparedTransaction sends its statements pipelined (platform/db/pipelined-transaction.ts): BEGIN with the
 * first statement, statements issued together in one write, the COMMIT behind the last statement. These are the
 * guarantees the card flow's vault and authenticate commands rely on, against the real database.
 */
describe('a pipelined transaction', () => {
  let app: TestApp;
  let db: Db;
  const run = (uow: UnitOfWork, text: string, values: unknown[] = [], last = false) =>
    UnitOfWork.runSql<Record<string, unknown>>(uow, { text }, values, { last });
  const probe = async (id: number) =>
    (await sql<{ value: string }>(app.databaseUrl, 'select value from pipeline_probe where id = $1', [id]))[0]
      ?.value;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false' });
    db = app.runtime.deps.db;
    await sql(
      app.databaseUrl,
      `create table pipeline_probe (id int primary key, value text not null);
       create table pipeline_child (parent int not null references pipeline_probe (id) deferrable initially deferred);
       insert into pipeline_probe values (1, 'before')`,
    );
  });
  afterAll(() => app.stop());

  it("reads, behind a row lock it had to wait for, what the lock's previous holder committed", async () => {
    const holder = new pg.Client({ connectionString: app.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from pipeline_probe where id = 1 for update');
      await holder.query(`update pipeline_probe set value = 'changed by the holder' where id = 1`);
      let settled = false;
      const read = db
        .preparedTransaction(async (uow) => {
          const [, rows] = await Promise.all([
            run(uow, 'select id from pipeline_probe where id = 1 for update'),
            run(uow, 'select value from pipeline_probe where id = 1'),
          ]);
          return rows[0]!.value;
        })
        .finally(() => {
          settled = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await holder.query('commit');
      await expect(read).resolves.toBe('changed by the holder');
    } finally {
      await holder.end();
    }
  });

  it('commits what its statements wrote, the COMMIT sent behind the last one', async () => {
    await db.preparedTransaction(async (uow) => {
      await run(uow, `insert into pipeline_probe values (2, 'first')`);
      await run(uow, `update pipeline_probe set value = 'second' where id = 2`, [], true);
    });
    expect(await probe(2)).toBe('second');
  });

  it('writes nothing when its last statement fails, though the COMMIT went out behind it', async () => {
    const failing = db.preparedTransaction(async (uow) => {
      await run(uow, `insert into pipeline_probe values (3, 'never committed')`);
      await run(uow, `insert into pipeline_probe values (1, 'a duplicate key')`, [], true);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect(await probe(3)).toBeUndefined();
    // The connection went back to the pool in working order.
    await expect(db.preparedTransaction((uow) => run(uow, 'select 1 as one', [], true))).resolves.toEqual([
      { one: 1 },
    ]);
  });

  it('reports a COMMIT that fails (a deferred key) as the failure it is, and writes nothing', async () => {
    const failing = db.preparedTransaction(async (uow) => {
      await run(uow, `insert into pipeline_probe values (4, 'never committed')`);
      await run(uow, 'insert into pipeline_child values (999)', [], true);
    });
    await expect(failing).rejects.toMatchObject({ code: '23503' });
    expect(await probe(4)).toBeUndefined();
  });

  it('rolls back a statement that failed while others were sent behind it, and those fail with it', async () => {
    const failing = db.preparedTransaction(async (uow) => {
      await Promise.all([
        run(uow, `insert into pipeline_probe values (5, 'never committed')`),
        run(uow, 'select 1 / 0'),
        run(uow, `insert into pipeline_probe values (6, 'never run')`),
      ]);
    });
    await expect(failing).rejects.toMatchObject({ code: '22012' });
    expect(await probe(5)).toBeUndefined();
    expect(await probe(6)).toBeUndefined();
  });

  it('refuses a statement after the last one: the COMMIT already sent behind the last one stands', async () => {
    const misused = db.preparedTransaction(async (uow) => {
      await run(uow, `insert into pipeline_probe values (7, 'last')`, [], true);
      await run(uow, 'select 1');
    });
    await expect(misused).rejects.toThrow('a statement after the last statement of the transaction');
    expect(await probe(7)).toBe('last');
  });
  describe('with a joined write taken by its statements (joinsInStatement)', () => {
    /** A joined write (as the audit trail's): one probe row, written as a statement or as a part of one. */
    const joinedRow = (id: number) => {
      const settled: boolean[] = [];
      let claimed = false;
      const write: JoinedWrite = {
        claim: () => {
          if (claimed) return false;
          claimed = true;
          return true;
        },
        write: (uow: UnitOfWork) =>
          run(uow, `insert into pipeline_probe values ($1, 'joined')`, [id]).then(() => undefined),
        part: () => ({ sql: `insert into pipeline_probe values ($1, 'joined')`, values: [id] }),
        settle: (committed) => {
          settled.push(committed);
        },
      };
      return { write, settled };
    };
    class ProbeWrites extends Repository {
      write(parts: SqlPart[]) {
        return this.combined('test.pipeline_probe', parts, { last: true });
      }
    }
    const inStatement = { joinsInStatement: true };

    it('writes it as a part of the combined statement, which the COMMIT follows', async () => {
      const { write, settled } = joinedRow(11);
      await joiningWrites(write, () =>
        db.preparedTransaction(async (uow) => {
          await run(uow, 'select 1');
          await new ProbeWrites(uow).write([
            { sql: `insert into pipeline_probe values ($1, 'own')`, values: [10] },
          ]);
        }, inStatement),
      );
      expect([await probe(10), await probe(11)]).toEqual(['own', 'joined']);
      expect(settled).toEqual([true]);
    });

    it('sends it ahead of a last statement that is not combined, or with the COMMIT', async () => {
      const ahead = joinedRow(13);
      await joiningWrites(ahead.write, () =>
        db.preparedTransaction(
          (uow) => run(uow, `insert into pipeline_probe values (12, 'last')`, [], true),
          inStatement,
        ),
      );
      const withCommit = joinedRow(15);
      await joiningWrites(withCommit.write, () =>
        db.preparedTransaction(
          (uow) => run(uow, `insert into pipeline_probe values (14, 'plain')`),
          inStatement,
        ),
      );
      expect([await probe(12), await probe(13), await probe(14), await probe(15)]).toEqual([
        'last',
        'joined',
        'plain',
        'joined',
      ]);
      expect([...ahead.settled, ...withCommit.settled]).toEqual([true, true]);
    });

    it('writes nothing of it when the work fails, and says so', async () => {
      const { write, settled } = joinedRow(17);
      const failing = joiningWrites(write, () =>
        db.preparedTransaction(async (uow) => {
          await run(uow, `insert into pipeline_probe values (16, 'doomed')`);
          throw new Error('refused');
        }, inStatement),
      );
      await expect(failing).rejects.toThrow('refused');
      expect([await probe(16), await probe(17)]).toEqual([undefined, undefined]);
      expect(settled).toEqual([false]);
    });
  });
});
