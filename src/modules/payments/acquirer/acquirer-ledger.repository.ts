import { preparedStatement } from '../../../platform/db/prepared.ts';
import { Repository } from '../../../platform/db/repository.ts';

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

export interface Booking<T> {
  /** The outcome of the first call with this reference. */
  result: T;
  /** Whether this call made the effect (false: a repeat, answered from the books). */
  first: boolean;
}

export class AcquirerLedgerRepository extends Repository {
  async book<T>(entry: {
    operation: string;
    transactionId: string;
    amount: number;
    currency: string;
    result: T;
    /** The authorization a capture, void or refund acts on. */
    originalTransactionId?: string;
  }): Promise<Booking<T>> {
    const [row] = await this.prepared<{ result: T | string; first: boolean }>(BOOK, [
      entry.operation,
      entry.transactionId,
      entry.amount,
      entry.currency,
      JSON.stringify(entry.result),
      entry.originalTransactionId ?? null,
    ]);
    const result = typeof row!.result === 'string' ? (JSON.parse(row!.result) as T) : row!.result;
    return { result, first: row!.first };
  }
}
