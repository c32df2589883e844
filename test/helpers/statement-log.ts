import pg, { type Pool, type PoolClient } from 'pg';
import type { TestApp } from './test-app.ts';

/**
 * Records every statement the app sends through its database pool (MikroORM's, which every request uses) and
 * its pipelined read connections,
 * as PostgreSQL's `log_statement = all` would: a `begin`, a prepared statement's execution and a `commit` each
 * count once. The job queue, the LISTEN connection and (unless `workers`) the background workers' own pools
 * have connections of their own and are not counted, nor
 * are the audit log's batched inserts (written in the background every few hundred milliseconds, for whatever
 * requests came meanwhile: not a statement of the request that happens to be recorded when one goes out).
 */
export interface StatementLog {
  /** Runs `work` and returns the statements sent meanwhile, in order (the text, or `name: text` if named). */
  during(work: () => Promise<unknown>): Promise<string[]>;
  /** The values bound to each statement of the last `during`, in the same order. */
  readonly values: unknown[][];
  /**
   * The statements of the last `during` by round trip: a statement sent while none was waiting for its answer
   * starts a round trip, one sent while others were still out (pipelined) joins theirs.
   */
  readonly roundTrips: string[][];
}

export async function statementLog(app: TestApp, options: { workers?: boolean } = {}): Promise<StatementLog> {
  const pool = (await app.runtime.services.orm.em.getConnection().getNativeClient()) as Pool;
  // `workers`: also the pools background workers have to themselves (Db.dedicated: the webhook workers').
  const pools = [pool, ...(options.workers ? await app.runtime.deps.db.dedicatedPools() : [])];
  let recording: string[] | null = null;
  let values: unknown[][] = [];
  let roundTrips: string[][] = [];
  let waiting = 0;
  const watched = new WeakSet<PoolClient>();
  const watch = (client: PoolClient) => {
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
      if (!recording || /^\s*insert into audit_events\b/.test(text)) return query(...args);
      const statement = text.replace(/\s+/g, ' ').trim();
      recording.push(statement);
      const bound = config && typeof config === 'object' && 'values' in config ? config.values : args[1];
      values.push(Array.isArray(bound) ? bound : []);
      if (waiting === 0) roundTrips.push([]);
      roundTrips.at(-1)!.push(statement);
      waiting += 1;
      const answered = () => {
        waiting -= 1;
      };
      const sent = query(...args);
      if (sent instanceof Promise) sent.then(answered, answered);
      else answered();
      return sent;
    };
  };
  for (const each of pools) each.on('acquire', watch);
  // Short reads by key go out on the Db's pipelined read connections instead (platform/db/pipelined-reads.ts).
  app.runtime.deps.db.onPipelinedReadConnection((client) => watch(client as PoolClient));
  return {
    get values() {
      return values;
    },
    get roundTrips() {
      return roundTrips;
    },
    async during(work) {
      recording = [];
      values = [];
      roundTrips = [];
      waiting = 0;
      try {
        await work();
        return recording;
      } finally {
        recording = null;
      }
    },
  };
}

/**
 * The statements of a request besides authenticating its API key (which the key cache will answer), the
 * audit trail's batched INSERT (written off the request's path every 200 ms, so an earlier request's batch can
 * land in any window: platform/audit/audit-trail.ts) and the GraphQL cost budget's reservation (a process takes
 * points from its project's shared bucket about once a second, not per request: platform/limits/cost-budget.ts).
 */
export const besidesAuthentication = (statements: string[]) =>
  statements.filter(
    (statement) =>
      !/\bapi_keys\b/.test(statement) &&
      !/^insert into audit_events\b/.test(statement) &&
      // The rate limits' shared counters: one batched statement every 100 ms per process, whichever request
      // it lands beside (platform/limits).
      !/^limits\./.test(statement) &&
      // Corrections of audit entries (a created resource's id), batched after the answers (platform/audit).
      !/^audit\.correct\b/.test(statement) &&
      // The GraphQL cost budget's reservation: a process takes points from its project's shared bucket about
      // once a second, not per request (platform/limits/cost-budget.ts).
      !/^graphql_cost\.take: /.test(statement),
  );

/**
 * Counts the statements matching `pattern` that any pg client of this process sends until `stop()`: every pool,
 * the workers' and the live feed's included, where `statementLog` watches the request pool only.
 */
export function countStatements(pattern: RegExp): { stop(): number } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let count = 0;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    if (text && pattern.test(text)) count += 1;
    return original.apply(this, args);
  };
  return {
    stop: () => {
      prototype.query = original;
      return count;
    },
  };
}
