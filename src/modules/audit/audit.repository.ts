import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import { Repository } from '../../platform/db/repository.ts';

export interface AuditRow {
  id: string;
  occurred_at: Date;
  principal_kind: AuditEntry['principal']['kind'];
  principal_id: string | null;
  principal_label: string | null;
  client_address: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: AuditEntry['outcome'];
  request_id: string | null;
}

export interface AuditQuery {
  projectId: string;
  limit: number;
  /** Strictly older than this (occurred_at, id) position: the cursor of the previous page. */
  before: { occurredAt: Date; id: string } | null;
  actions: string[] | null;
  principalId: string | null;
  since: Date | null;
  until: Date | null;
}

export class AuditRepository extends Repository {
  /** One multi-row INSERT for a batch. */
  async insertMany(entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const values: unknown[] = [];
    const rows = entries.map((entry) => {
      values.push(
        entry.id,
        entry.projectId,
        entry.occurredAt,
        entry.principal.kind,
        entry.principal.id,
        entry.principal.label,
        entry.clientAddress,
        entry.action,
        entry.target?.type ?? null,
        entry.target?.id ?? null,
        entry.outcome,
        entry.requestId,
      );
      return '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
    });
    await this.em.getConnection().execute(
      `insert into audit_events (id, project_id, occurred_at, principal_kind, principal_id, principal_label,
         client_address, action, target_type, target_id, outcome, request_id) values ${rows.join(', ')}`,
      values,
    );
  }

  /** Newest first. */
  list(query: AuditQuery): Promise<AuditRow[]> {
    const where = ['project_id = ?'];
    const values: unknown[] = [query.projectId];
    if (query.before) {
      where.push('(occurred_at, id) < (?, ?)');
      values.push(query.before.occurredAt, query.before.id);
    }
    if (query.actions?.length) {
      where.push(`action in (${query.actions.map(() => '?').join(', ')})`);
      values.push(...query.actions);
    }
    if (query.principalId) {
      where.push('principal_id = ?');
      values.push(query.principalId);
    }
    if (query.since) {
      where.push('occurred_at >= ?');
      values.push(query.since);
    }
    if (query.until) {
      where.push('occurred_at < ?');
      values.push(query.until);
    }
    values.push(query.limit);
    return this.em
      .getConnection()
      .execute<AuditRow[]>(
        `select * from audit_events where ${where.join(' and ')} order by occurred_at desc, id desc limit ?`,
        values,
      );
  }
}
