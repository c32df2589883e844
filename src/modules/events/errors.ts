import { invalid } from '../../platform/errors/domain-error.ts';

/** Refusals of the events feed. */

export const invalidPosition = (field: string) =>
  invalid(field, "must be a cursor from this feed or an event's id");

export const unknownPositionEvent = (field: string) =>
  invalid(field, 'no event of this project has this id (it may be older than the retention period)');
