import { Migration } from '@mikro-orm/migrations';
import { migrateUnderLock } from '../../src/platform/db/migrations.ts';
import { connectOrm, type Orm } from '../../src/platform/db/orm.ts';
import { isDatabaseOutage } from '../../src/platform/errors/outage.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';

/** A migration slower than the pool's statement limit, as an index built on a merchant's millions of rows is. */
class Migration29990101000000_slow_index_build extends Migration {
  override async up(): Promise<void> {
    this.addSql('select pg_sleep(0.6)');
    this.addSql('create table slow_migration_marker (id int primary key)');
  }
}

/**
 * The limits of platform/db/session-limits.ts on real connections: every connection of the pool carries them
 * (DATABASE_STATEMENT_TIMEOUT_SECONDS and twice it idle in a transaction), a statement past the limit is cancelled
 * as an outage, and migrations, which may rightly take minutes, run without them.
 */
describe('the statement and idle limits of the pool', () => {
  let url: string;
  let orm: Orm;

  beforeAll(async () => {
    url = await createTestDatabase();
    orm = await connectOrm({
      url,
      entities: [],
      migrations: [Migration29990101000000_slow_index_build],
      limits: { statementTimeoutMs: 300, poolWaitMs: 0 },
    });
  });
  afterAll(async () => {
    await orm.close(true);
  });

  it('gives every connection of the pool the statement limit and twice it for a transaction left idle', async () => {
    const connection = orm.em.getConnection();
    expect(await connection.execute('show statement_timeout')).toEqual([{ statement_timeout: '300ms' }]);
    expect(await connection.execute('show idle_in_transaction_session_timeout')).toEqual([
      { idle_in_transaction_session_timeout: '600ms' },
    ]);
  });

  it('cancels a statement past the limit, as an outage', async () => {
    const error = await orm.em
      .getConnection()
      .execute('select pg_sleep(1)')
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).not.toBeNull();
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it('applies a migration slower than the limit', async () => {
    expect(await migrateUnderLock(orm, url)).toEqual(['Migration29990101000000_slow_index_build']);
    expect(await sql(url, `select to_regclass('slow_migration_marker')::text as marker`)).toEqual([
      { marker: 'slow_migration_marker' },
    ]);
    // The limit is back for the pool's next work: it was lifted in the migrations' transaction only.
    expect(await orm.em.getConnection().execute('show statement_timeout')).toEqual([
      { statement_timeout: '300ms' },
    ]);
  });
});
