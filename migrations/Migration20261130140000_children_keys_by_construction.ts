import { Migration } from '@mikro-orm/migrations';

/**
 * The keys of the rows written beside an order's money rows are kept as declarations, and no longer checked
 * row by row at commit (issue 31: PostgreSQL 11% less CPU and the card flow 6% faster in the median of seven
 * alternated pairs, docs/reference/benchmarks.md).
 *
 * Ten keys: the outbox rows' and transaction events' (the append-only logs), the vault cards', the card
 * authorizations' and the hosted attempts' browsers', each to its order, transaction or vault card. Every one of
 * these rows is written in the same statement as its parent's lock or write, with the parent's id taken from the
 * row that statement writes (the order writes' `parts`, the vault's and authorize-card's combined writes, the
 * hosted attempt's statement). A checked key cost each such row an SPI query and a FOR KEY SHARE lock of its
 * parent at commit: about 14 a card flow, and a lock record in the WAL for a parent the same transaction had just
 * written. The check at commit was PostgreSQL's; the promise is now the code's, and
 * test/orders/child-rows-project.test.ts checks it after every kind of write.
 *
 * What stays the database's:
 * - the declarations (PostgreSQL 18's NOT ENFORCED: `\d`, schema tools and readers still see every relationship;
 *   older servers drop the keys, with the same guards);
 * - a parent is never left without its children's rows: deleting an order, transaction or vault card that a row
 *   still names is refused (the key's ON DELETE NO ACTION, now a statement trigger that only deletes run), as is
 *   TRUNCATE of transactions and vault cards (orders keep checked keys from transactions and webhook deliveries);
 * - a row is never moved to a parent that does not exist: an UPDATE that sets one of these columns is checked
 *   (a row trigger on those columns only, so the outbox relay's `relayed_at` update never runs it).
 *
 * No code path deletes orders, transactions or vault cards. A statement trigger without the key's row lock
 * would not see a row inserted concurrently by a transaction not yet committed; that is the one case the keys
 * covered and these guards do not.
 *
 * Tried and not taken: one statement trigger per table checking the inserted rows as a set (a transition
 * table) instead of the row-by-row keys. It cost PostgreSQL 50% more a card flow (1.37–1.46 against 0.89–0.98 ms).
 */
const CHILD_KEYS = [
  ['transaction_events', 'transaction_events_transaction_id_fkey', 'transaction_id', 'transactions'],
  ['outbox_events', 'outbox_events_order_id_fkey', 'order_id', 'orders'],
  ['outbox_events', 'outbox_events_transaction_id_fkey', 'transaction_id', 'transactions'],
  ['vault_cards', 'vault_cards_transaction_id_fkey', 'transaction_id', 'transactions'],
  ['vault_cards', 'vault_cards_order_id_fkey', 'order_id', 'orders'],
  ['card_authorizations', 'card_authorizations_vault_card_id_fkey', 'vault_card_id', 'vault_cards'],
  ['card_authorizations', 'card_authorizations_order_id_fkey', 'order_id', 'orders'],
  ['card_authorizations', 'card_authorizations_transaction_id_fkey', 'transaction_id', 'transactions'],
  ['attempt_browsers', 'attempt_browsers_transaction_id_fkey', 'transaction_id', 'transactions'],
  ['attempt_browsers', 'attempt_browsers_order_id_fkey', 'order_id', 'orders'],
] as const;

const PARENTS = ['orders', 'transactions', 'vault_cards'] as const;

function childrenOf(parent: string): (typeof CHILD_KEYS)[number][] {
  return CHILD_KEYS.filter(([, , , of]) => of === parent);
}

function keysOf(child: string): (typeof CHILD_KEYS)[number][] {
  return CHILD_KEYS.filter(([table]) => table === child);
}

const CHILD_TABLES = [...new Set(CHILD_KEYS.map(([table]) => table))];

export class Migration20261130140000_children_keys_by_construction extends Migration {
  override async up(): Promise<void> {
    const unenforce = CHILD_KEYS.map(
      ([table, key]) => `
        if current_setting('server_version_num')::int >= 180000 then
          alter table ${table} alter constraint ${key} not enforced;
        else
          alter table ${table} drop constraint ${key};
        end if;`,
    ).join('');
    this.addSql(`do $$ begin ${unenforce} end $$;`);

    // A row moved to a parent: refused when the parent does not exist (SQLSTATE 23503, as the key answered).
    this.addSql(`
      create function refuse_missing_parent() returns trigger language plpgsql as $f$
      declare
        i int := 0;
        parent_id uuid;
        found boolean;
      begin
        while i < tg_nargs loop
          parent_id := (to_jsonb(new) ->> tg_argv[i])::uuid;
          if parent_id is not null then
            execute format('select exists (select 1 from %I where id = $1)', tg_argv[i + 1]) into found using parent_id;
            if not found then
              raise foreign_key_violation using
                message = format('%s.%s names a row of %s that does not exist', tg_table_name, tg_argv[i], tg_argv[i + 1]);
            end if;
          end if;
          i := i + 2;
        end loop;
        return new;
      end $f$;
    `);
    for (const child of CHILD_TABLES) {
      const keys = keysOf(child);
      const args = keys.map(([, , column, parent]) => `'${column}', '${parent}'`).join(', ');
      this.addSql(`
        create trigger ${child}_parent_exists before update of ${keys.map(([, , column]) => column).join(', ')}
          on ${child} for each row execute function refuse_missing_parent(${args});
      `);
    }

    // A parent deleted while a row still names it: refused (the keys' ON DELETE NO ACTION).
    this.addSql(`
      create function refuse_orphaning_delete() returns trigger language plpgsql as $f$
      declare
        i int := 0;
        orphaned boolean;
      begin
        while i < tg_nargs loop
          execute format('select exists (select 1 from %I c join deleted_rows d on c.%I = d.id)', tg_argv[i], tg_argv[i + 1])
            into orphaned;
          if orphaned then
            raise foreign_key_violation using
              message = format('%s rows still name the deleted %s rows', tg_argv[i], tg_table_name);
          end if;
          i := i + 2;
        end loop;
        return null;
      end $f$;

      create function refuse_truncate() returns trigger language plpgsql as $f$
      begin
        raise foreign_key_violation using message = format('%s is never truncated: other rows name its rows', tg_table_name);
      end $f$;
    `);
    for (const parent of PARENTS) {
      const args = childrenOf(parent)
        .map(([child, , column]) => `'${child}', '${column}'`)
        .join(', ');
      this.addSql(`
        create trigger ${parent}_children_remain after delete on ${parent}
          referencing old table as deleted_rows for each statement execute function refuse_orphaning_delete(${args});
      `);
      if (parent !== 'orders') {
        this.addSql(`
          create trigger ${parent}_never_truncated before truncate on ${parent}
            for each statement execute function refuse_truncate();
        `);
      }
    }
  }

  override async down(): Promise<void> {
    for (const parent of PARENTS) {
      this.addSql(`drop trigger if exists ${parent}_children_remain on ${parent};`);
      this.addSql(`drop trigger if exists ${parent}_never_truncated on ${parent};`);
    }
    for (const child of CHILD_TABLES)
      this.addSql(`drop trigger if exists ${child}_parent_exists on ${child};`);
    this.addSql('drop function refuse_orphaning_delete(); drop function refuse_truncate();');
    this.addSql('drop function refuse_missing_parent();');
    const enforce = CHILD_KEYS.map(
      ([table, key, column, parent]) => `
        if exists (select 1 from pg_constraint where conname = '${key}') then
          alter table ${table} alter constraint ${key} enforced;
        else
          alter table ${table} add constraint ${key} foreign key (${column}) references ${parent}(id)
            deferrable initially deferred;
        end if;`,
    ).join('');
    this.addSql(`do $$ begin ${enforce} end $$;`);
  }
}
