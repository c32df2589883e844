import { Migration } from '@mikro-orm/migrations';

/**
 * Card payments: the card vault and the card authorizations made with its cards.
 *
 * - `vault_cards`: one row per stored card. The PAN only as AES-256-GCM ciphertext with the id of the key that
 *   encrypted it (rotation); the AAD binds the ciphertext to its row and project. Never a CVC: there is no column
 *   for one. `transaction_id` is the transaction whose setup token stored it.
 * - `card_authorizations`: one row per card transaction that reached the acquirer: which stored card it uses (so
 *   a 3-D Secure challenge can resume it), the acquirer's authorization code for captures and voids, and until
 *   when a pre-authorization may be captured.
 */
export class Migration20261121010000_card_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table vault_cards (
        id uuid primary key,
        project_id uuid not null references projects(id) deferrable initially deferred,
        order_id uuid not null references orders(id) deferrable initially deferred,
        transaction_id uuid not null references transactions(id) deferrable initially deferred,
        key_id text not null,
        pan_ciphertext text not null,
        expiry char(6) not null check (expiry ~ '^(0[1-9]|1[0-2])[0-9]{4}$'),
        brand text,
        brands text[] not null default '{}',
        truncated_pan text not null,
        cardholder_name text,
        created_at timestamptz not null
      );
      create index vault_cards_project_idx on vault_cards (project_id, created_at);
      -- A setup token is single use: at most one card per transaction.
      create unique index vault_cards_transaction_idx on vault_cards (transaction_id);

      create table card_authorizations (
        transaction_id uuid primary key references transactions(id) deferrable initially deferred,
        order_id uuid not null references orders(id) deferrable initially deferred,
        project_id uuid not null references projects(id) deferrable initially deferred,
        vault_card_id uuid not null references vault_cards(id) deferrable initially deferred,
        acquirer text not null,
        three_d_secure text not null check (three_d_secure in ('none', 'external', 'challenge_passed')),
        result text not null
          check (result in ('challenge_required', 'approved', 'declined', 'error', 'authentication_failed')),
        authorization_code text,
        authorized_at timestamptz,
        capturable_until timestamptz,
        created_at timestamptz not null,
        modified_at timestamptz not null
      );
      create index card_authorizations_capturable_idx on card_authorizations (capturable_until)
        where capturable_until is not null;
      create index card_authorizations_vault_card_idx on card_authorizations (vault_card_id);
    `);
  }
}
