import type { AuditEntry } from '../../platform/audit/audit-trail.ts';
import { preparedStatement, type SqlPart } from '../../platform/db/prepared.ts';
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

const INSERT = preparedStatement(
  'audit.insert',
  `insert into audit_events (id, project_id, occurred_at, principal_kind, principal_id, principal_label,
     client_address, action, target_type, target_id, outcome, request_id)
   select * from unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[],
     $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])`,
);

/** Each of the insert's columns is an array: concurrent writes' entries join into one statement (`SqlPart.merges`). */
const INSERT_MERGES = Array.from({ length: 12 }, () => 'list' as const);

const CORRECT = preparedStatement(
  'audit.correct',
  `update audit_events e set outcome = c.outcome, target_type = c.target_type, target_id = c.target_id
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as c(id, outcome, target_type, target_id)
    where e.id = c.id`,
);

/** The insert's bound values: one array per column. */
function insertValues(entries: readonly AuditEntry[]): unknown[] {
  const column = <T>(pick: (entry: AuditEntry) => T) => entries.map(pick);
  return [
    column((entry) => entry.id),
    column((entry) => entry.projectId),
    column((entry) => entry.occurredAt),
    column((entry) => entry.principal.kind),
    column((entry) => entry.principal.id),
    column((entry) => entry.principal.label),
    column((entry) => entry.clientAddress),
    column((entry) => entry.action),
    column((entry) => entry.target?.type ?? null),
    column((entry) => entry.target?.id ?? null),
    column((entry) => entry.outcome),
    column((entry) => entry.requestId),
  ];
}

export class AuditRepository extends Repository {
  /** One statement for any number of entries (in the unit of work: the business transaction, or alone). */
  async insertMany(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.prepared(INSERT, insertValues(entries));
  }

  /** The same insert as one part of another write's statement (its entry commits with that write). */
  static insertPart(entries: readonly AuditEntry[]): SqlPart {
    return { sql: INSERT.text, values: insertValues(entries), merges: INSERT_MERGES };
  }

  /** Sets the outcome and target of entries written before. */
  async correct(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.prepared(CORRECT, [
      entries.map((entry) => entry.id),
      entries.map((entry) => entry.outcome),
      entries.map((entry) => entry.target?.type ?? null),
      entries.map((entry) => entry.target?.id ?? null),
    ]);
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
