import { createTestDatabase, sql } from '../helpers/database.ts';

/**
 * The schema is ready for sharding by project (docs/operations.md, "Beyond one primary"): every table that holds
 * one merchant's data carries `project_id`, so a distributed PostgreSQL (Citus) can co-locate each project's
 * rows. A new tenant table without it fails here; a table that is global on purpose is listed below with why.
 */
const GLOBAL_TABLES: Record<string, string> = {
  mikro_orm_migrations: 'the schema version, one per database',
  projects: 'the tenant itself: its id is the distribution key',
  merchants: 'the owner of projects (a reference table, replicated to every shard)',
  rate_limit_counters:
    "the rate limits' counters, by client address or credential (unlogged, never a merchant's data)",
  acquirer_operations:
    "the test acquirer's own books, standing for a remote system's (not the gateway's data)",
};

/** Tenant tables whose project_id may be null, and why. */
const NULLABLE_PROJECT: Record<string, string> = {
  audit_events: 'an action before any project is known (a refused sign-in) is recorded too',
};

describe('tenant tables', () => {
  it('every table outside the global list carries a non-null project_id', async () => {
    const databaseUrl = await createTestDatabase();
    const tables = await sql<{ table_name: string; has_project: boolean; nullable: string | null }>(
      databaseUrl,
      `select t.table_name, c.column_name is not null as has_project, c.is_nullable as nullable
         from information_schema.tables t
         left join information_schema.columns c
           on c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'project_id'
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by t.table_name`,
    );
    const tenantTables = tables.filter((table) => !(table.table_name in GLOBAL_TABLES));
    expect(tenantTables.length).toBeGreaterThan(5);
    expect(tenantTables.filter((table) => !table.has_project).map((table) => table.table_name)).toEqual([]);
    const nullable = tenantTables
      .filter((table) => table.nullable === 'YES')
      .map((table) => table.table_name);
    expect(nullable).toEqual(Object.keys(NULLABLE_PROJECT));
    // The global list names only tables that exist (a renamed table must be looked at again).
    const names = tables.map((table) => table.table_name);
    expect(Object.keys(GLOBAL_TABLES).filter((name) => !names.includes(name))).toEqual([]);
  });
});
