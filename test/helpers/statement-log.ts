import type { Pool, PoolClient } from 'pg';
import type { TestApp } from './test-app.ts';

/**
 * Records every statement the app sends through its database pool (MikroORM's, which every request uses),
 * as PostgreSQL's `log_statement = all` would: a `begin`, a prepared statement's execution and a `commit` each
 * count once. The job queue and the LISTEN connection have connections of their own and are not counted.
 */
export interface StatementLog {
  /** Runs `work` and returns the statements sent meanwhile, in order (the text, or `name: text` if named). */
  during(work: () => Promise<unknown>): Promise<string[]>;
}

export async function statementLog(app: TestApp): Promise<StatementLog> {
  const pool = (await app.runtime.services.orm.em.getConnection().getNativeClient()) as Pool;
  let recording: string[] | null = null;
  const watched = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [config] = args;
      const text =
        typeof config === 'string'
          ? config
          : config && typeof config === 'object' && 'text' in config
            ? `${'name' in config && config.name ? `${String(config.name)}: ` : ''}${String(config.text)}`
            : String(config);
      recording?.push(text.replace(/\s+/g, ' ').trim());
      return query(...args);
    };
  });
  return {
    async during(work) {
      recording = [];
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

/** The statements of a request besides authenticating its API key (which the key cache will answer). */
export const besidesAuthentication = (statements: string[]) =>
  statements.filter((statement) => !/\bapi_keys\b/.test(statement));
