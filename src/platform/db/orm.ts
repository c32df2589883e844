import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migrator } from '@mikro-orm/migrations';
import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

export type { EntityManager };
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
}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: options.url,
    entities: options.entities,
    extensions: [Migrator],
    // Timestamps are stored as timestamptz and read back in UTC.
    timezone: 'Z',
    forceUtcTimezone: true,
    pool: { min: 0, max: options.poolSize ?? 10 },
    discovery: { warnWhenNoEntities: false },
    // The global EntityManager is never used directly: every request and job works on its own fork.
    allowGlobalContext: false,
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

/**
 * A unit of work bound to one EntityManager fork. Commands receive it and hand the EntityManager only to
 * repositories; `transaction` rolls back everything when the work throws.
 */
export class Db {
  readonly #em: EntityManager;

  constructor(em: EntityManager) {
    this.#em = em;
  }

  static fork(orm: Orm): Db {
    return new Db(orm.em.fork() as EntityManager);
  }

  /** Runs work in one database transaction on a fresh fork; flushes on success. */
  transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.#em.fork().transactional((em) => work(em));
  }

  /** Runs read-only work on a clean fork of this unit. */
  read<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return work(this.#em.fork());
  }
}
