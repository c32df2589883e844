import { createHash, randomUUID } from 'node:crypto';
import type { UnitOfWork } from '../db/db.ts';
import type { SqlPart } from '../db/prepared.ts';
import { timeOrderedId } from '../time-ordered-id.ts';
import { type RecoveryData, RecoveryPointRepository } from './recovery-point.repository.ts';

/**
 * A money operation as its `Idempotency-Key` makes it: the same operation on every retry (Brandur Leach,
 * "Implementing Stripe-like Idempotency Keys in Postgres"). A command runs as atomic phases, each one database
 * transaction; the last statement of a phase's transaction records the phase (its *recovery point*) and what it
 * produced on the key's row, so a retry after a crash resumes after the last phase that committed instead of
 * starting again. The ids of what the operation creates are derived from the key (`idFor`), so a retry sends the
 * acquirer the same transaction id, which the acquirer contract makes answer the first outcome without a second
 * effect (payments/acquirer/acquirer.ts).
 *
 * Without a key (or outside HTTP: jobs, the completer) a command gets a one-off operation: fresh ids, nothing
 * recovered, nothing recorded.
 */
export interface IdempotentOperation {
  /**
   * A uuid for the thing `label` names (`refund-order`, `capture`): the same on every retry of the request.
   * Without a key, a time-ordered one (platform/time-ordered-id.ts), unless it is a `credential` (a vault token):
   * then 122 random bits.
   */
  idFor(label: string, kind?: 'row' | 'credential'): string;
  /** The last phase an earlier attempt committed, and what it recorded; null on a first attempt. */
  readonly recovered: RecoveryPoint | null;
  /**
   * Records `point` in the phase's own transaction (`uow`). If the key was taken over meanwhile (this attempt's
   * owner was presumed dead), it throws 409 `idempotency_key_in_use` and the phase's transaction rolls back.
   */
  record(uow: UnitOfWork, point: string, data: RecoveryData): Promise<void>;
  /**
   * `record` as a part of the phase's own combined write (platform/db/prepared.ts `combinedStatement`, e.g.
   * `OrderChanges.also`), for a phase that is one statement; null without a key.
   */
  recordPart(point: string, data: RecoveryData): SqlPart | null;
  /**
   * The answer holds a credential shown once (the SDL's `@shownOnce`: an API key's secret, a generated
   * password): the copy stored for the key's replays is sealed (platform/http/stored-answer-seal.ts).
   */
  sealAnswer(): void;
  /** Whether `sealAnswer` was called. */
  readonly answerSealed: boolean;
}

export type { RecoveryData };

export interface RecoveryPoint {
  point: string;
  data: RecoveryData;
}

/** The operation of a claimed key: its row, its claim and the seed its ids derive from. */
export function keyedOperation(claim: {
  id: string;
  token: string;
  seed: string;
  recovered: RecoveryPoint | null;
}): IdempotentOperation {
  let sealed = false;
  return {
    idFor: (label) => uuidFrom(`${claim.seed}:${label}`),
    recovered: claim.recovered,
    record: (uow, point, data) => new RecoveryPointRepository(uow).record(claim, point, data),
    recordPart: (point, data) => RecoveryPointRepository.recordPart(claim, point, data),
    sealAnswer: () => {
      sealed = true;
    },
    get answerSealed() {
      return sealed;
    },
  };
}

/** An operation without a key: ids are fresh (one per label per operation), nothing is recovered or recorded. */
export function oneOffOperation(): IdempotentOperation {
  const ids = new Map<string, string>();
  return {
    idFor: (label, kind = 'row') => {
      let id = ids.get(label);
      if (!id) {
        id = kind === 'credential' ? randomUUID() : timeOrderedId();
        ids.set(label, id);
      }
      return id;
    },
    recovered: null,
    record: async () => undefined,
    recordPart: () => null,
    sealAnswer: () => undefined,
    answerSealed: false,
  };
}

/** The request's operation (`deps.operation`), or a one-off one. */
export function operationOf(deps: { operation?: IdempotentOperation | null }): IdempotentOperation {
  return deps.operation ?? oneOffOperation();
}

/**
 * A version-4-shaped uuid from a digest of `text`: the same text always gives the same id (unpredictable when
 * the text holds a random part, such as a key's seed or another random id).
 */
export function uuidFrom(text: string): string {
  const bytes = createHash('sha256').update(text).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
