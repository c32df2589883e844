import type { Pool } from 'pg';
import type { Db } from '../../src/platform/db/db.ts';
import { preparedRead, preparedStatement } from '../../src/platform/db/prepared.ts';
import { UnitOfWork } from '../../src/platform/db/repository.ts';
import { sql } from '../helpers/database.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const BACKEND_OF_A_READ = preparedRead('test.backend_pid', 'select pg_backend_pid() as pid, $1::int as n');
const BACKEND_OF_A_STATEMENT = preparedStatement('test.backend_pid_pooled', 'select pg_backend_pid() as pid');

/**
 * Short reads by key (`preparedRead`) outside a transaction go out on a few pipelined connections of their own
 * (platform/db/pipelined-reads.ts, DATABASE_PIPELINED_READS) instead of checking a pooled connection out and in.
 */
describe('pipelined reads', () => {
  let app: TestApp;
  let db: Db;
  let pool: Pool;
  const read = (n: number) =>
    db.read((uow) => UnitOfWork.runSql<{ pid: number; n: number }>(uow, BACKEND_OF_A_READ, [n]));
  const readerPids = async () =>
    (
      await sql<{ pid: number }>(
        app.databaseUrl,
        `select pid from pg_stat_activity where application_name = 'payments-gateway-reads' and datname = current_database()`,
      )
    ).map((row) => row.pid);

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false', DATABASE_PIPELINED_READS: '2' });
    db = app.runtime.deps.db;
    pool = (await app.runtime.services.orm.em.getConnection().getNativeClient()) as Pool;
  });
  afterAll(() => app.stop());

  it("answers many concurrent reads, each its own, on two connections and none of the pool's", async () => {
    let acquired = 0;
    const count = () => {
      acquired += 1;
    };
    pool.on('acquire', count);
    try {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => read(n)));
      expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      expect(new Set(answers.map(([row]) => row!.pid)).size).toBe(2);
      expect(acquired).toBe(0);
    } finally {
      pool.off('acquire', count);
    }
    const pooled = await db.read((uow) =>
      UnitOfWork.runSql<{ pid: number }>(uow, BACKEND_OF_A_STATEMENT, []),
    );
    expect(await readerPids()).not.toContain(pooled[0]!.pid);
  });

  it('sends the reads of one event-loop round in one write per connection', async () => {
    await Promise.all([read(1), read(2)]);
    let writes = 0;
    const restores: (() => void)[] = [];
    const stop = db.onPipelinedReadConnection((client) => {
      const socket = (client as unknown as { connection: { stream: Record<string, any> } }).connection.stream;
      const original = { _write: socket._write, _writev: socket._writev };
      for (const method of ['_write', '_writev'] as const) {
        socket[method] = (...args: unknown[]) => {
          writes += 1;
          return original[method].apply(socket, args);
        };
      }
      restores.push(() => Object.assign(socket, original));
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => read(n)));
      expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      expect(restores).toHaveLength(2);
      // Without holding the socket until the round ends, pg writes each read's messages at once: 20 writes.
      expect(writes).toBeLessThanOrEqual(2);
    } finally {
      stop();
      for (const restore of restores) restore();
    }
  });

  it('tells a listener of each connection once, a connection still connecting once it has connected', async () => {
    const fresh = await startTestApp({ JOBS_ENABLED: 'false', DATABASE_PIPELINED_READS: '1' });
    try {
      const pending = fresh.runtime.deps.db.read((uow) => UnitOfWork.runSql(uow, BACKEND_OF_A_READ, [1]));
      const told: unknown[] = [];
      const stop = fresh.runtime.deps.db.onPipelinedReadConnection((client) => told.push(client));
      await pending;
      stop();
      expect(told).toHaveLength(1);
      expect(told[0]).toEqual(expect.objectContaining({ query: expect.any(Function) }));
    } finally {
      await fresh.stop();
    }
  });

  it('replaces a connection the server drops: the next read opens another and is answered', async () => {
    await Promise.all([read(1), read(2)]);
    const before = await readerPids();
    expect(before).toHaveLength(2);
    await sql(app.databaseUrl, 'select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    // The drop reaches the client as an error or an end; reads sent before it arrives may fail like any query
    // on a dropped connection, the ones after it are answered on a new connection.
    const answered = async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const outcome = await read(7).then(
          ([row]) => row,
          () => null,
        );
        if (outcome && !before.includes(outcome.pid)) return outcome;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return null;
    };
    expect(await answered()).toMatchObject({ n: 7 });
  });

  it("leaves a read inside a transaction on the transaction's connection", async () => {
    const [inside] = await db.transaction((uow) =>
      UnitOfWork.runSql<{ pid: number }>(uow, BACKEND_OF_A_READ, [1]),
    );
    expect(await readerPids()).not.toContain(inside!.pid);
  });
});

describe('a prepared read', () => {
  it('must be a plain select: a row lock or a write is refused where it is defined', () => {
    expect(() => preparedRead('test.locking', 'select id from orders where id = $1 for update')).toThrow(
      'must be a plain select',
    );
    expect(() => preparedRead('test.key_share', 'select id from orders for key share')).toThrow(
      'must be a plain select',
    );
    expect(() => preparedRead('test.writing', 'with w as (delete from orders) select 1')).toThrow(
      'must be a plain select',
    );
    expect(preparedRead('test.plain', 'select 1').pipelinedRead).toBe(true);
  });
});

describe('with DATABASE_PIPELINED_READS=0', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ JOBS_ENABLED: 'false', DATABASE_PIPELINED_READS: '0' });
  });
  afterAll(() => app.stop());

  it('sends prepared reads through the pool like any statement', async () => {
    const [row] = await app.runtime.deps.db.read((uow) =>
      UnitOfWork.runSql<{ n: number }>(uow, BACKEND_OF_A_READ, [3]),
    );
    expect(row!.n).toBe(3);
    const readers = await sql(
      app.databaseUrl,
      `select pid from pg_stat_activity where application_name = 'payments-gateway-reads' and datname = current_database()`,
    );
    expect(readers).toEqual([]);
  });
});
