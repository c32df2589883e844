import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.ts';

/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [Migration20261121000000_foundation];
