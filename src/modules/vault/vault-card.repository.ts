import { type PreparedStatement, preparedRead, type SqlPart } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { isUuid } from '../orders/index.ts';
import { VaultCard } from './vault-card.entity.ts';

/** A stored card is never changed after it is written, so reads need no lock and no tracking. */
const CARD_FIELDS = `json_build_object('id', c.id, 'projectId', c.project_id, 'orderId', c.order_id,
  'transactionId', c.transaction_id, 'keyId', c.key_id, 'panCiphertext', c.pan_ciphertext, 'expiry', c.expiry,
  'brand', c.brand, 'brands', c.brands, 'truncatedPan', c.truncated_pan, 'cardholderName', c.cardholder_name,
  'createdAt', c.created_at)::text as card`;

/**
 * $1 the vault token, $2 the project (null: any). One statement per way of finding a card, each a plain
 * primary-key or unique-key lookup: a generic plan as cheap as a custom one, so PostgreSQL plans it once per
 * connection (one statement for both ways, `c.id = $1 or c.transaction_id = $3`, was planned again at every call).
 */
export const FIND_CARD = preparedRead(
  'vault.find_card',
  `select ${CARD_FIELDS} from vault_cards c
    where c.id = $1::uuid and ($2::uuid is null or c.project_id = $2::uuid)`,
);

/** $1 the transaction the card was stored for (with its setup token). */
export const FIND_CARD_FOR_TRANSACTION = preparedRead(
  'vault.find_card_for_transaction',
  `select ${CARD_FIELDS} from vault_cards c where c.transaction_id = $1::uuid`,
);

const INSERT_CARD = `insert into vault_cards (id, project_id, order_id, transaction_id, key_id, pan_ciphertext,
  expiry, brand, brands, truncated_pan, cardholder_name, created_at)
  select id, project_id, order_id, transaction_id, key_id, pan_ciphertext, expiry, brand, brands, truncated_pan,
         cardholder_name, created_at
    from json_populate_recordset(null::vault_cards, $1::json)`;

export class VaultCardRepository extends Repository {
  /** A vault token is only ever found inside its own project: another project's token is simply unknown. */
  findForProject(projectId: string, vaultToken: string): Promise<VaultCard | null> {
    return isUuid(vaultToken) ? this.#find(FIND_CARD, [vaultToken, projectId]) : Promise.resolve(null);
  }

  findById(vaultToken: string): Promise<VaultCard | null> {
    return isUuid(vaultToken) ? this.#find(FIND_CARD, [vaultToken, null]) : Promise.resolve(null);
  }

  /** The card stored with a transaction's setup token, if any. */
  findStoredFor(transactionId: string): Promise<VaultCard | null> {
    return this.#find(FIND_CARD_FOR_TRANSACTION, [transactionId]);
  }

  /**
   * `findForProject` as a read to send in another statement (the order's lock: orders `AlongsideRead`), since a
   * stored card never changes; `fromText` turns its value into the card (null: not found).
   */
  static findForProjectAlongside(projectId: string, vaultToken: string) {
    return { name: 'vault.card', sql: CARD_ALONGSIDE, values: [vaultToken, projectId] };
  }

  static fromText(text: string | null): VaultCard | null {
    return text === null ? null : cardOf(text);
  }

  /** Writes a new card with the rest of the unit of work (the ORM's flush). */
  add(card: VaultCard): void {
    this.em.persist(card);
  }

  async #find(statement: PreparedStatement, values: (string | null)[]) {
    const [row] = await this.prepared<{ card: string }>(statement, values);
    return row ? cardOf(row.card) : null;
  }
}

function cardOf(json: string): VaultCard {
  return VaultCard.fromJson(json);
}

/**
 * FIND_CARD's lookup as a scalar expression ($1 the vault token, $2 the project): null when there is no such card
 * or it is another project's. The project is compared in the result, not in the `where`: with both in the
 * `where`, the generic plan kept by a connection made on a young table was a BitmapAnd of the primary key and
 * `vault_cards_project_idx`, which read every card of the project at every authenticate (pg_stat_user_indexes:
 * 565 index entries per call at 1,100 cards, growing with the table). By the key alone it is one entry.
 */
const CARD_ALONGSIDE = `select case when c.project_id = $2::uuid then ${CARD_FIELDS.replace(/ as card$/, '')} end
    from vault_cards c where c.id = $1::uuid`;

/**
 * A new card as a part of a combined write statement (platform/db `combinedStatement`): its row as a one-row set,
 * so that concurrent writes' cards join into one statement (`SqlPart.merges`).
 */
export function vaultCardInsert(card: VaultCard): SqlPart {
  return {
    sql: INSERT_CARD,
    values: [
      JSON.stringify([
        {
          id: card.id,
          project_id: card.projectId,
          order_id: card.orderId,
          transaction_id: card.transactionId,
          key_id: card.keyId,
          pan_ciphertext: card.panCiphertext,
          expiry: card.expiry,
          brand: card.brand ?? null,
          brands: card.brands,
          truncated_pan: card.truncatedPan,
          cardholder_name: card.cardholderName ?? null,
          created_at: card.createdAt,
        },
      ]),
    ],
    merges: ['rows'],
  };
}
