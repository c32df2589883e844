import type { AuditWriter } from '../../platform/audit/audit-trail.ts';
import type { Db } from '../../platform/db/db.ts';
import { AuditRepository } from './audit.repository.ts';

/** How the process's AuditTrail writes a batch: one INSERT, on its own. */
export function auditWriter(db: Db): AuditWriter {
  return (entries) => db.read((uow) => new AuditRepository(uow).insertMany(entries));
}
