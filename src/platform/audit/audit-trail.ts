import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Actor } from '../auth/actor.ts';
import { principalId, principalLabel } from '../auth/actor.ts';

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

export type AuditWriter = (entries: AuditEntry[]) => Promise<void>;

/** The entry's `principal` for an actor. */
export function auditPrincipalOf(actor: Actor): AuditEntry['principal'] {
  return {
    kind: actor.principal.kind,
    id: principalId(actor.principal),
    label: principalLabel(actor.principal),
  };
}

/**
 * The process's audit trail: `record` returns at once and entries are written in batches (one multi-row
 * INSERT every `flushMs`, or sooner when `batchSize` are waiting), so auditing adds no statement to the
 * request's own path. The audit row is therefore not in the business transaction: a write is recorded after
 * it answered. What this costs: a process killed hard (SIGKILL, power loss) loses the entries of its last
 * `flushMs`; a failed INSERT is retried with the next batch and, if it fails again, each lost entry is logged
 * at error level (its action, principal and target), so nothing is lost silently. Shutdown flushes.
 */
export class AuditTrail {
  readonly #write: AuditWriter;
  readonly #logger: Logger;
  readonly #flushMs: number;
  readonly #batchSize: number;
  #pending: AuditEntry[] = [];
  #retry: AuditEntry[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: { write: AuditWriter; logger: Logger; flushMs?: number; batchSize?: number }) {
    this.#write = options.write;
    this.#logger = options.logger;
    this.#flushMs = options.flushMs ?? 200;
    this.#batchSize = options.batchSize ?? 200;
  }

  record(entry: Omit<AuditEntry, 'id' | 'occurredAt'> & { occurredAt?: Date }): void {
    this.#pending.push({ ...entry, id: randomUUID(), occurredAt: entry.occurredAt ?? new Date() });
    if (this.#pending.length >= this.#batchSize) void this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), this.#flushMs);
      this.#timer.unref();
    }
  }

  /** Writes everything recorded so far (shutdown calls it). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const retry = this.#retry;
    const batch = this.#pending;
    this.#retry = [];
    this.#pending = [];
    if (batch.length === 0 && retry.length === 0) return this.#flushing;
    this.#flushing = this.#flushing.then(async () => {
      try {
        await this.#write([...retry, ...batch]);
      } catch (error) {
        this.#logger.warn(
          { err: error, entries: retry.length + batch.length },
          'writing audit entries failed',
        );
        for (const lost of retry) {
          this.#logger.error(
            {
              audit: {
                action: lost.action,
                principal: lost.principal,
                target: lost.target,
                at: lost.occurredAt,
              },
            },
            'audit entry lost',
          );
        }
        this.#retry = batch;
        if (batch.length && !this.#timer) {
          this.#timer = setTimeout(() => void this.flush(), this.#flushMs);
          this.#timer.unref();
        }
      }
    });
    return this.#flushing;
  }
}
