import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type SessionLimits, sessionLimitSettings } from './session-limits.ts';

export type Orm = MikroORM;
// biome-ignore lint/suspicious/noExplicitAny: the constructor signature MikroORM expects of migrations
type MigrationClass = new (...args: any[]) => Migration;

/** Connects MikroORM to PostgreSQL. Entities and migrations are passed in by the composition root. */
export async function connectOrm(options: {
  url: string;
  entities: (EntityClass<AnyEntity> | EntitySchema)[];
  migrations: MigrationClass[];
  logger?: Logger;
  poolSize?: number;
  /** Statement and pool-wait limits of every connection (platform/db/session-limits.ts); none when absent. */
  limits?: SessionLimits;
}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: options.url,
    entities: options.entities,
    extensions: [Migrator],
    // Timestamps are stored as timestamptz and read back in UTC.
    timezone: 'Z',
    forceUtcTimezone: true,
    pool: { min: 0, max: options.poolSize ?? 10 },
    // Given to each `pg` connection of the pool as it opens (and copied by the pools of our own, Db.dedicated).
    driverOptions: options.limits ? sessionLimitSettings(options.limits) : {},
    discovery: { warnWhenNoEntities: false },
    // The global EntityManager is never used directly: every request and job works on its own fork.
    allowGlobalContext: false,
    // No entity has a relation to propagate, so entity properties stay plain data properties. With propagation
    // on, MikroORM redefines every property of every new instance on its first write (an accessor over the
    // entity's helper): building one Order took about 60 µs instead of under 1 µs, and the hot writes build and
    // read a dozen entities per request (issue 12, the own-checkout card flow).
    propagationOnPrototype: false,
    migrations: {
      migrationsList: options.migrations.map((migration) => ({ name: migration.name, class: migration })),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    debug: false,
    logger: (message) => options.logger?.debug({ orm: message }, 'orm'),
  });
}

export async function migrate(orm: Orm): Promise<void> {
  await orm.migrator.up();
}
