import type { Deps } from '../../platform/deps.ts';

/**
 * What project commands need: units of work and the configuration. Nothing more, so the CLI runs them
 * without the job queue or any payment service.
 */
export type ProjectDeps = Pick<Deps, 'db' | 'config'>;
