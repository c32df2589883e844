import type { Deps } from '../../../platform/deps.ts';
import { Signal } from '../../../platform/metrics/signal.ts';
import { OrderChanges, OrderWriteRepository, recordWebhookGaveUp } from '../../orders/index.ts';
import {
  type ClaimedDelivery,
  type ClaimOptions,
  DeliveryQueueRepository,
  type RecordedAttempt,
} from '../delivery-queue.repository.ts';

/** Every attempt once recorded (committed): what metrics count webhook attempts by outcome from. */
export const attemptsRecorded = new Signal<RecordedAttempt>();

/** The delivery queue's backlog, for metrics. */
export function deliveryBacklog(deps: Pick<Deps, 'db'>): Promise<{ due: number; oldestDueSeconds: number }> {
  return deps.db.read((uow) => new DeliveryQueueRepository(uow).backlog());
}

/** Whether `recordAndClaim` can record these attempts: none gave a delivery up (see `recordAttempts`). */
export function recordableWithClaim(attempts: readonly RecordedAttempt[]): boolean {
  return !attempts.some((attempt) => attempt.state === 'failed');
}

/**
 * A delivery worker's cycle in ONE statement: records the attempts that finished (none: it only claims) and
 * claims up to `options.limit` due deliveries, fairly across projects (DeliveryQueueRepository.recordAndClaim).
 * Only for attempts that gave nothing up (`recordableWithClaim`); the others go through `recordAttempts`.
 */
export async function recordAndClaim(
  deps: Pick<Deps, 'db'>,
  attempts: RecordedAttempt[],
  options: ClaimOptions,
): Promise<{ claimed: ClaimedDelivery[]; nextDueAt: Date | null }> {
  if (!recordableWithClaim(attempts))
    throw new Error('a delivery that gave up is recorded with recordAttempts');
  const result = await deps.db.autocommit((uow) =>
    new DeliveryQueueRepository(uow).recordAndClaim(attempts, options),
  );
  for (const attempt of attempts) attemptsRecorded.emit(attempt);
  return result;
}

/**
 * Records a batch of finished attempts in one statement (delivery-queue.repository.ts). When a delivery failed
 * for good, its `webhook.gave_up` event is written in the same database transaction.
 */
export async function recordAttempts(
  deps: Pick<Deps, 'db' | 'now'>,
  attempts: RecordedAttempt[],
): Promise<void> {
  if (attempts.length === 0) return;
  if (recordableWithClaim(attempts)) {
    // One statement is atomic on its own: no transaction round trips.
    await deps.db.autocommit((uow) => new DeliveryQueueRepository(uow).recordAttempts(attempts));
    for (const attempt of attempts) attemptsRecorded.emit(attempt);
    return;
  }
  await deps.db.transaction(async (uow) => {
    const updated = await new DeliveryQueueRepository(uow).recordAttempts(attempts);
    const orders = new OrderChanges();
    const at = deps.now();
    for (const delivery of updated.filter((row) => row.state === 'failed')) {
      const last = attempts.find((attempt) => attempt.deliveryId === delivery.id)!;
      recordWebhookGaveUp(
        { orders, at },
        { id: delivery.orderId, projectId: delivery.projectId },
        { id: delivery.id, attempts: last.attempt, errorKind: last.errorKind, httpStatus: last.httpStatus },
      );
    }
    await new OrderWriteRepository(uow).save(orders);
  });
  for (const attempt of attempts) attemptsRecorded.emit(attempt);
}
