import pino from 'pino';
import { entities } from '../../src/modules/index.ts';
import { Db } from '../../src/platform/db/db.ts';
import { freePort } from '../../src/platform/db/embedded-postgres.ts';
import { connectOrm } from '../../src/platform/db/orm.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';

/**
 * Issue 32, point 5: a read replica that fails in any way (refused, a refused login, too many connections for
 * its role) sends the read to the primary, with one warning per outage.
 */
describe('reads meant for the replica when the replica fails', () => {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
  let primaryUrl: string;
  const orms: { close(force?: boolean): Promise<void> }[] = [];

  beforeAll(async () => {
    primaryUrl = await createTestDatabase();
    await sql(
      primaryUrl,
      "do $$ begin create role no_slots login password 'x' connection limit 0; exception when duplicate_object then null; end $$",
    );
  });
  afterAll(async () => {
    for (const orm of orms) await orm.close(true);
  });

  const replicaUrls = async () => {
    const url = new URL(primaryUrl);
    const refused = new URL(primaryUrl);
    refused.port = String(await freePort());
    const badPassword = new URL(primaryUrl);
    badPassword.password = 'wrong';
    const noSlots = new URL(primaryUrl);
    noSlots.username = 'no_slots';
    noSlots.password = 'x';
    return { refused, badPassword, noSlots, url };
  };

  it.each(['refused', 'badPassword', 'noSlots'] as const)(
    'reads from the primary when the replica is %s, warning once',
    async (kind) => {
      const urls = await replicaUrls();
      const primary = await connectOrm({ url: primaryUrl, entities, migrations: [] });
      const replica = await connectOrm({ url: urls[kind].toString(), entities, migrations: [] });
      orms.push(primary, replica);
      const db = new Db(primary, { replica, logger });
      warnings.length = 0;
      const read = () =>
        db.replicaRead(async (uow) => {
          const { UnitOfWork } = await import('../../src/platform/db/repository.ts');
          const pool = await UnitOfWork.poolOf(uow);
          return (await pool.query('select current_database() as name')).rows[0].name as string;
        });
      expect(await read()).toBe(new URL(primaryUrl).pathname.slice(1));
      expect(await read()).toBe(new URL(primaryUrl).pathname.slice(1));
      expect(
        warnings.filter((msg) => msg === 'read replica unreachable: reading from the primary'),
      ).toHaveLength(1);
    },
  );
});
