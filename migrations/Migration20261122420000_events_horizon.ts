import { Migration } from '@mikro-orm/migrations';

/**
 * The events feed's visibility horizon (see the events-feed migration) counts only transactions that can write
 * to this database. A PostgreSQL snapshot lists the running transactions of every database of the cluster, so
 * `pg_snapshot_xmin` alone lets a long transaction in another database (another application, another test
 * database) hold this feed back. `outbox_stable_horizon()` leaves out the running transactions that
 * pg_stat_activity shows in another database; one it cannot place (it just ended, or the role may not see it)
 * still counts, which keeps the feed gap-free. Grant `pg_read_all_stats` to the application's role when other
 * roles share the cluster.
 */
export class Migration20261122420000_events_horizon extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function outbox_stable_horizon() returns xid8 language sql stable as $$
        select coalesce(
          (select min(x) from pg_snapshot_xip(s.snapshot) x
           where not exists (
             select 1 from pg_stat_activity a
             where a.backend_xid is not null and a.datid is not null
               and a.datid <> (select oid from pg_database where datname = current_database())
               and a.backend_xid::text::numeric = x::text::numeric % 4294967296)),
          pg_snapshot_xmax(s.snapshot))
        from (select pg_current_snapshot() as snapshot) s
      $$;
    `);
  }
}
