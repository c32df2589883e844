import type { Logger } from 'pino';
import type { AppConfig } from './config/index.ts';
import type { Orm } from './platform/db/orm.ts';

/** Long-lived services shared by the HTTP faces and the background workers of one process. */
export interface AppServices {
  config: AppConfig;
  orm: Orm;
  logger: Logger;
  now: () => Date;
}
