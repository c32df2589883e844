import type { SqlPart } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { isoTimestamp } from '../../platform/iso-timestamp.ts';
import { isUuid, Transaction } from '../orders/index.ts';
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

  /**
   * Attempts with `paymentMethod` (the card) of the hosted card form still `new` and untouched since `before`:
   * what a process that died between the form's two phases left (complete-card-attempts.ts). Any project's. An
   * attempt's card is stored with it (`setup_token_used_at`): through `transactions_card_attempts_idx` the query
   * never reads the own checkouts still waiting for their customer's card.
   */
  async abandonedCardAttempts(
    paymentMethod: string,
    before: Date,
    limit: number,
  ): Promise<{ projectId: string; orderId: string; transactionId: string }[]> {
    const rows = await this.query<{ project_id: string; order_id: string; id: string }>(
      ABANDONED_CARD_ATTEMPTS,
      [paymentMethod, before, limit],
    );
    return rows.map((row) => ({ projectId: row.project_id, orderId: row.order_id, transactionId: row.id }));
  }

  /**
   * Challenges waiting for their answer since before `before`, longest waiting first, any project's: what the
   * challenge timeout sweep expires (read through `card_authorizations_challenges_idx`).
   */
  async overdueChallenges(
    before: Date,
    limit: number,
  ): Promise<{ projectId: string; orderId: string; transactionId: string }[]> {
    const rows = await this.query<{ project_id: string; order_id: string; transaction_id: string }>(
      OVERDUE_CHALLENGES,
      [before, limit],
    );
    return rows.map((row) => ({
      projectId: row.project_id,
      orderId: row.order_id,
      transactionId: row.transaction_id,
    }));
  }

  add(authorization: CardAuthorization): void {
    this.em.persist(authorization);
  }
}

const INSERT_AUTHORIZATION = `insert into card_authorizations (transaction_id, order_id, project_id, vault_card_id,
  acquirer, three_d_secure, result, authorization_code, authorized_at, capturable_until, created_at, modified_at)
  select transaction_id, order_id, project_id, vault_card_id, acquirer, three_d_secure, result, authorization_code,
         authorized_at, capturable_until, created_at, modified_at
    from json_populate_recordset(null::card_authorizations, $1::json)`;

/** The completer's candidates (`abandonedCardAttempts`): $1 the card method, $2 untouched before, $3 at most. */
export const ABANDONED_CARD_ATTEMPTS = `select t.project_id, t.order_id, t.id from transactions t join orders o on o.id = t.order_id
  where t.status = 'new' and t.payment_method = $1 and t.setup_token_used_at is not null
    and t.modified_at < $2 and o.checkout = 'hosted'
  order by t.modified_at limit $3`;

/** The challenge timeout sweep's candidates (`overdueChallenges`): $1 asked for before, $2 at most. */
export const OVERDUE_CHALLENGES = `select project_id, order_id, transaction_id from card_authorizations
  where result = 'challenge_required' and modified_at <= $1
  order by modified_at limit $2`;

/**
 * A new card authorization as a part of a combined write statement (platform/db `combinedStatement`): its row as a
 * one-row set, so that concurrent writes' authorizations join into one statement (`SqlPart.merges`).
 */
export function cardAuthorizationInsert(authorization: CardAuthorization): SqlPart {
  return {
    sql: INSERT_AUTHORIZATION,
    values: [
      JSON.stringify([
        {
          transaction_id: authorization.transactionId,
          order_id: authorization.orderId,
          project_id: authorization.projectId,
          vault_card_id: authorization.vaultCardId,
          acquirer: authorization.acquirer,
          three_d_secure: authorization.threeDSecure,
          result: authorization.result,
          authorization_code: authorization.authorizationCode ?? null,
          authorized_at: authorization.authorizedAt ? isoTimestamp(authorization.authorizedAt) : null,
          capturable_until: authorization.capturableUntil
            ? isoTimestamp(authorization.capturableUntil)
            : null,
          created_at: isoTimestamp(authorization.createdAt),
          modified_at: isoTimestamp(authorization.modifiedAt),
        },
      ]),
    ],
    merges: ['rows'],
  };
}
