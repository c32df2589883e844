import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import { principalId, principalLabel } from '../auth/actor.ts';
import type { UnitOfWork } from '../db/db.ts';
import { currentJoinedWrite, detached, type JoinedWrite, joiningWrites } from '../db/joined-writes.ts';
import type { SqlPart } from '../db/prepared.ts';
import { Signal } from '../metrics/signal.ts';
import { timeOrderedId } from '../time-ordered-id.ts';

/** One recorded action. Never a secret or card data: ids, a key's prefix or a user's e-mail, an address. */
export interface AuditEntry {
  id: string;
  projectId: string | null;
  occurredAt: Date;
  principal: { kind: 'api_key' | 'user' | 'anonymous'; id: string | null; label: string | null };
  clientAddress: string | null;
  /** e.g. `POST /v1/orders/`, `graphql.refundOrder`, `session.sign_in`. */
  action: string;
  target: { type: string; id: string } | null;
  outcome: 'succeeded' | 'refused' | 'failed';
  requestId: string | null;
}

export type AuditFacts = Omit<AuditEntry, 'id' | 'occurredAt'> & { occurredAt?: Date };

/** Where entries are written (modules/audit/audit-writer.ts): one statement per call, whatever the count. */
export interface AuditWriter {
  /** Inserts entries in a unit of work: the business transaction, or on their own (null). */
  insert(uow: UnitOfWork | null, entries: readonly AuditEntry[]): Promise<void>;
  /** The insert of entries as one part of another write's statement (platform/db/prepared.ts `SqlPart`). */
  insertPart(entries: readonly AuditEntry[]): SqlPart;
  /** Sets the outcome and target of entries written before (in their transaction) to how the request ended. */
  correct(entries: readonly AuditEntry[]): Promise<void>;
}

/** The entry's `principal` for an actor. */
export function auditPrincipalOf(actor: Actor): AuditEntry['principal'] {
  return {
    kind: actor.principal.kind,
    id: principalId(actor.principal),
    label: principalLabel(actor.principal),
  };
}

/** How many times an entry is tried on its own before it is given up (logged at error level and counted). */
const ATTEMPTS = 3;
/** Entries waiting to be written at most; past it, new ones are given up (a database down for long). */
const MAX_WAITING = 20_000;

interface Waiting {
  entry: AuditEntry;
  kind: 'insert' | 'correct';
  attempts: number;
}

/**
 * The process's audit trail. An audited write's entry is written **in the write's own transaction**:
 * `within(draft, work)` runs the work with the entry joined to its first committing transaction
 * (platform/db/joined-writes.ts), so a write that committed has its entry, and a write rolled back has none.
 * Whatever is known only once the request has been answered (a refusal that wrote nothing, a created resource's
 * id, an outcome that changed after the commit) is written after the answer: `record` and `correct` queue it,
 * and queued entries are written together every `flushMs` (sooner at `batchSize`). If such a statement fails,
 * each entry is tried on its own, so no entry can make another fail; one that still fails after a few tries
 * is logged at error level and counted (`failed`: the metric `audit_entries_failed_total`). Every text of an
 * entry is made storable first: no byte of input reaches PostgreSQL in a form it refuses.
 */
export class AuditTrail {
  /** Emits the number of entries given up (never written). */
  readonly failed = new Signal<number>();
  readonly #writer: AuditWriter;
  readonly #logger: Logger;
  readonly #flushMs: number;
  readonly #batchSize: number;
  #waiting: Waiting[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: { writer: AuditWriter; logger: Logger; flushMs?: number; batchSize?: number }) {
    this.#writer = options.writer;
    this.#logger = options.logger;
    this.#flushMs = options.flushMs ?? 200;
    this.#batchSize = options.batchSize ?? 200;
  }

  /** A complete entry from its facts (a new id; now unless given), every text made storable. */
  entry(facts: AuditFacts): AuditEntry {
    return storable({ ...facts, id: timeOrderedId(), occurredAt: facts.occurredAt ?? new Date() });
  }

  /**
   * Runs `work` with an entry to write in its first committing transaction: `draft` answers it once it is known
   * (null until then: a REST request's caller is known once authenticated). Answers the work's result and the
   * entry as written, if a transaction committed it.
   */
  within<T>(
    draft: () => AuditFacts | null,
    work: () => T,
  ): { result: T; written: () => AuditEntry | null; named: () => AuditEntry['target'] } {
    const pending = new PendingEntry(this, draft);
    return {
      result: joiningWrites(pending, work),
      written: () => pending.written,
      named: () => pending.named,
    };
  }

  /** Writes an entry in `uow`, the transaction of the write it records. */
  recordIn(uow: UnitOfWork, facts: AuditFacts): Promise<void> {
    return this.#writer.insert(uow, [this.entry(facts)]);
  }

  /** Queues an entry (a refusal, a write done outside any transaction) to be written shortly. */
  record(facts: AuditFacts | AuditEntry): void {
    this.#enqueue({
      entry: 'id' in facts ? storable(facts) : this.entry(facts),
      kind: 'insert',
      attempts: 0,
    });
  }

  /** Queues the correction of an entry written in its transaction: the request ended otherwise. */
  correct(entry: AuditEntry): void {
    this.#enqueue({ entry: storable(entry), kind: 'correct', attempts: 0 });
  }

  /**
   * Once the work has been answered: records its entry if no transaction wrote it (`written` null: it wrote
   * nothing, or outside a transaction), else corrects the written one if the work ended otherwise.
   */
  conclude(written: AuditEntry | null, facts: AuditFacts): void {
    if (!written) this.record(facts);
    else if (written.outcome !== facts.outcome || !sameTarget(written.target, facts.target)) {
      this.correct({ ...written, outcome: facts.outcome, target: facts.target });
    }
  }

  /** Writes everything queued so far (shutdown calls it). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(() => detached(() => this.#write(batch)));
    return this.#flushing;
  }

  /** @internal Inserts a joined entry in its transaction. */
  insertJoined(uow: UnitOfWork, entry: AuditEntry): Promise<void> {
    return this.#writer.insert(uow, [entry]);
  }

  /** @internal A joined entry as a part of the statement that claimed it. */
  joinedPart(entry: AuditEntry): SqlPart {
    return this.#writer.insertPart([entry]);
  }

  #enqueue(waiting: Waiting): void {
    if (this.#waiting.length >= MAX_WAITING) {
      this.#giveUp([waiting], new Error('too many audit entries waiting to be written'));
      return;
    }
    this.#waiting.push(waiting);
    if (this.#waiting.length >= this.#batchSize) void this.flush();
    else if (!this.#timer) {
      this.#timer = detached(() => setTimeout(() => void this.flush(), this.#flushMs));
      this.#timer.unref();
    }
  }

  async #write(batch: Waiting[]): Promise<void> {
    const inserts = batch.filter((waiting) => waiting.kind === 'insert');
    const corrections = batch.filter((waiting) => waiting.kind === 'correct');
    await this.#writeTogether(inserts, (entries) => this.#writer.insert(null, entries));
    await this.#writeTogether(corrections, (entries) => this.#writer.correct(entries));
  }

  /** One statement for the lot; if it fails, each entry on its own, so none can make another fail. */
  async #writeTogether(batch: Waiting[], write: (entries: AuditEntry[]) => Promise<void>): Promise<void> {
    if (batch.length === 0) return;
    if (batch.length > 1) {
      try {
        await write(batch.map((waiting) => waiting.entry));
        return;
      } catch (error) {
        this.#logger.warn(
          { err: error, entries: batch.length },
          'audit batch failed: writing each entry alone',
        );
      }
    }
    for (const waiting of batch) {
      try {
        await write([waiting.entry]);
      } catch (error) {
        waiting.attempts += 1;
        if (waiting.attempts >= ATTEMPTS) this.#giveUp([waiting], error);
        else this.#enqueue(waiting);
      }
    }
  }

  #giveUp(lost: Waiting[], error: unknown): void {
    for (const { entry, kind } of lost) {
      this.#logger.error(
        {
          err: error,
          audit: {
            id: entry.id,
            kind,
            projectId: entry.projectId,
            action: entry.action,
            principal: entry.principal,
            target: entry.target,
            outcome: entry.outcome,
            at: entry.occurredAt,
          },
        },
        'audit entry lost',
      );
    }
    this.failed.emit(lost.length);
  }
}

/**
 * Names what the current audited work creates or acts on (an order it creates), before its write: the entry is
 * written with that target, instead of the draft's, and needs no correction once the request is answered.
 * Nothing outside audited work, nor once its entry has been written.
 */
export function nameAuditTarget(target: NonNullable<AuditEntry['target']>): void {
  const pending = currentJoinedWrite();
  if (pending instanceof PendingEntry && !pending.written) pending.named = target;
}

/** The entry of one audited piece of work, joined to its first committing transaction. */
class PendingEntry implements JoinedWrite {
  readonly #trail: AuditTrail;
  readonly #draft: () => AuditFacts | null;
  #claimed: AuditEntry | null = null;
  written: AuditEntry | null = null;
  /** The target the work named (`nameAuditTarget`), written in place of the draft's. */
  named: AuditEntry['target'] = null;

  constructor(trail: AuditTrail, draft: () => AuditFacts | null) {
    this.#trail = trail;
    this.#draft = draft;
  }

  claim(): boolean {
    if (this.written || this.#claimed) return false;
    const facts = this.#draft();
    if (!facts) return false;
    this.#claimed = this.#trail.entry({ ...facts, target: this.named ?? facts.target, outcome: 'succeeded' });
    return true;
  }

  write(uow: UnitOfWork): Promise<void> {
    return this.#trail.insertJoined(uow, this.#claimed!);
  }

  part(): SqlPart {
    return this.#trail.joinedPart(this.#claimed!);
  }

  settle(committed: boolean): void {
    if (committed) this.written = this.#claimed;
    this.#claimed = null;
  }
}

function sameTarget(a: AuditEntry['target'], b: AuditEntry['target']): boolean {
  return a === b || (a !== null && b !== null && a.type === b.type && a.id === b.id);
}

/** Longest text kept of any field (an id sent in a path may be anything up to the route's limit). */
const MAX_TEXT = 200;

/**
 * The entry with every text storable: PostgreSQL refuses NUL in text (and the whole statement with it), and
 * would store a lone UTF-16 surrogate as U+FFFD. Both become U+FFFD here, and overlong texts are cut.
 */
function storable(entry: AuditEntry): AuditEntry {
  return {
    ...entry,
    projectId: entry.projectId,
    principal: {
      kind: entry.principal.kind,
      id: text(entry.principal.id),
      label: text(entry.principal.label),
    },
    clientAddress: text(entry.clientAddress),
    action: text(entry.action) ?? '',
    target: entry.target ? { type: text(entry.target.type) ?? '', id: text(entry.target.id) ?? '' } : null,
    requestId: text(entry.requestId),
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what must not reach PostgreSQL.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function text(value: string | null): string | null {
  if (value === null) return null;
  return (value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value).replace(UNSTORABLE, '\ufffd');
}
