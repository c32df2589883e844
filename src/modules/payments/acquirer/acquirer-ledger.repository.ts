import { preparedStatement } from '../../../platform/db/prepared.ts';
import { Repository } from '../../../platform/db/repository.ts';
import type { LedgerEntry } from './simulator.ts';

/**
 * The test acquirer's books (`acquirer_operations`): the first outcome of each (operation, transaction id). The
 * simulator stands for a remote system, so it books in a statement of its own, outside the gateway's
 * transaction: a booked effect stays booked when the gateway's transaction rolls back or its process dies, as
 * money moved at a real acquirer would.
 */
const BOOK = preparedStatement(
  'acquirer.book',
  `with booked as (
     insert into acquirer_operations (operation, transaction_id, amount, currency, result, original_transaction_id)
     values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (operation, transaction_id) do nothing
     returning result, true as first)
   select result, first from booked
   union all
   select result, false as first from acquirer_operations where operation = $1 and transaction_id = $2
   limit 1`,
);

/**
 * BOOK for a set of bookings ($1–$6 arrays), each row answered with its operation and transaction id: for bookings
 * that may share a statement (`Repository.preparedMerging`). Alone it costs twice BOOK's PostgreSQL time (415–430
 * against 170–215 µs a call, 2,000 calls on one connection), so a booking that cannot merge is BOOK.
 */
const BOOK_SET = preparedStatement(
  'acquirer.book_set',
  `with input as (
     select * from unnest($1::text[], $2::uuid[], $3::bigint[], $4::text[], $5::jsonb[], $6::uuid[])
       as i(operation, transaction_id, amount, currency, result, original_transaction_id)),
   booked as (
     insert into acquirer_operations (operation, transaction_id, amount, currency, result, original_transaction_id)
     select operation, transaction_id, amount, currency, result, original_transaction_id from input
     on conflict (operation, transaction_id) do nothing
     returning operation, transaction_id, result, true as first)
   select operation, transaction_id::text, result, first from booked
   union all
   select i.operation, i.transaction_id::text,
     (select a.result from acquirer_operations a
      where a.operation = i.operation and a.transaction_id = i.transaction_id),
     false as first
   from input i
   where not exists (select from booked b where b.operation = i.operation and b.transaction_id = i.transaction_id)`,
);

/**
 * How BOOK_SET's values merge when concurrent bookings share the statement (platform/db/write-batches.ts): each a
 * list, the transaction id distinct so that each booking finds its own row in the result.
 */
const BOOK_MERGES = ['list', 'distinct', 'list', 'list', 'list', 'list'] as const;

export interface Booking<T> {
  /** The outcome of the first call with this reference. */
  result: T;
  /** Whether this call made the effect (false: a repeat, answered from the books). */
  first: boolean;
}

export class AcquirerLedgerRepository extends Repository {
  async book<T>(entry: LedgerEntry<T>): Promise<Booking<T>> {
    const row = this.mayMerge ? await this.#bookInSet(entry) : await this.#bookAlone(entry);
    const result = typeof row.result === 'string' ? (JSON.parse(row.result) as T) : row.result;
    return { result, first: row.first };
  }

  async #bookAlone<T>(entry: LedgerEntry<T>): Promise<{ result: T | string; first: boolean }> {
    const [row] = await this.prepared<{ result: T | string; first: boolean }>(BOOK, [
      entry.operation,
      entry.transactionId,
      entry.amount,
      entry.currency,
      JSON.stringify(entry.result),
      entry.originalTransactionId ?? null,
    ]);
    return row!;
  }

  /**
   * Set-based, so that the bookings of a shared transaction's requests share one statement and one commit: each
   * finds its own row (a booking made now, or the first one's, already in the books: the rows the insert skipped).
   */
  async #bookInSet<T>(entry: LedgerEntry<T>): Promise<{ result: T | string; first: boolean }> {
    const rows = await this.preparedMerging<{
      operation: string;
      transaction_id: string;
      result: T | string;
      first: boolean;
    }>(
      BOOK_SET,
      [
        [entry.operation],
        [entry.transactionId],
        [entry.amount],
        [entry.currency],
        [JSON.stringify(entry.result)],
        [entry.originalTransactionId ?? null],
      ],
      BOOK_MERGES,
    );
    const transactionId = entry.transactionId.toLowerCase();
    const row = rows.find(
      (candidate) => candidate.operation === entry.operation && candidate.transaction_id === transactionId,
    );
    // A booking skipped for a row committed after the statement began, which its snapshot cannot see. Never
    // expected: a transaction's bookings are made under its order's row lock.
    if (!row || row.result === null) {
      throw new Error(
        `the acquirer's books show no outcome of ${entry.operation} for ${entry.transactionId}`,
      );
    }
    return row;
  }
}
