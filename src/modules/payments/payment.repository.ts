import { Repository } from '../../platform/db/repository.ts';
import { isUuid } from '../orders/order.repository.ts';
import { Transaction } from '../orders/transaction.entity.ts';
import { CardAuthorization } from './card-authorization.entity.ts';

export class PaymentRepository extends Repository {
  findAuthorization(transactionId: string): Promise<CardAuthorization | null> {
    return this.em.findOne(CardAuthorization, { transactionId });
  }

  /** Customer-facing pages know a transaction by its id only (it is the unguessable part of the URL). */
  findTransactionById(transactionId: string): Promise<Transaction | null> {
    if (!isUuid(transactionId)) return Promise.resolve(null);
    return this.em.findOne(Transaction, { id: transactionId });
  }

  /** Pre-authorizations still capturable after their capture period, oldest deadline first. */
  async overdueAuthorizations(now: Date, limit: number): Promise<string[]> {
    const rows: { transaction_id: string }[] = await this.em.getConnection().execute(
      `select a.transaction_id from card_authorizations a
         join transactions t on t.id = a.transaction_id
        where t.is_capturable and a.capturable_until <= ?
        order by a.capturable_until limit ?`,
      [now, limit],
    );
    return rows.map((row) => row.transaction_id);
  }

  add(authorization: CardAuthorization): void {
    this.em.persist(authorization);
  }
}
