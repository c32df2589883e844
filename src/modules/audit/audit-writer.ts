import type { AuditWriter } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/db/db.ts';
import { AuditRepository } from './audit.repository.ts';

/** How the process's AuditTrail writes: one prepared statement per call, in a transaction or on its own. */
export function auditWriter(db: Db): AuditWriter {
  return {
    insert: (uow, entries) =>
      uow
        ? new AuditRepository(uow).insertMany(entries)
        : db.autocommit((own) => new AuditRepository(own).insertMany(entries)),
    insertPart: (entries) => AuditRepository.insertPart(entries),
    correct: (entries) => db.autocommit((uow) => new AuditRepository(uow).correct(entries)),
  };
}
