import type { AppConfig } from '../config/index.ts';
import type { Db } from './db/orm.ts';

/** What every command receives: a unit of work, the clock (injectable in tests) and the configuration. */
export interface Deps {
  db: Db;
  now: () => Date;
  config: AppConfig;
}
