import { preparedStatement } from '../db/prepared.ts';
import { Repository } from '../db/repository.ts';

/** A counter's level as the statements answer it. */
export interface CounterRow {
  key: string;
  level: number;
  empty_in_ms: number;
}

// The level of an existing row now: a window's hits while it runs, a bucket's content less what leaked.
const CURRENT_LEVEL = `case
    when c.empty_at <= now() then 0
    when c.leak_per_second is null then c.level
    else greatest(0, c.level - extract(epoch from now() - c.since) * c.leak_per_second)
  end`;

/**
 * One statement for a batch of additions (one row per key): a new counter starts at the addition; a window adds
 * up until it ends and keeps its end; a bucket leaks by the time since its last addition and moves its empty time.
 * PostgreSQL's clock (`now()`) decides for every process alike.
 */
const ADD = preparedStatement(
  'limits.add',
  `insert into rate_limit_counters as c (key, level, since, empty_at, leak_per_second)
   select a.key, a.amount, now(),
          case when a.leak is null then now() + a.window_ms * interval '1 millisecond'
               else now() + (a.amount / a.leak) * interval '1 second' end,
          a.leak
     from unnest($1::text[], $2::float8[], $3::float8[], $4::float8[]) as a(key, amount, window_ms, leak)
   on conflict (key) do update set
     level = ${CURRENT_LEVEL} + excluded.level,
     since = case when c.leak_per_second is null and c.empty_at > now() then c.since else now() end,
     empty_at = case
       when c.empty_at <= now() or c.leak_per_second is distinct from excluded.leak_per_second then excluded.empty_at
       when c.leak_per_second is null then c.empty_at
       else now() + ((${CURRENT_LEVEL} + excluded.level) / c.leak_per_second) * interval '1 second'
     end,
     leak_per_second = excluded.leak_per_second
   returning key, level, greatest(0, extract(epoch from empty_at - now()) * 1000)::float8 as empty_in_ms`,
);

const READ = preparedStatement(
  'limits.read',
  `select c.key, (${CURRENT_LEVEL})::float8 as level,
          greatest(0, extract(epoch from c.empty_at - now()) * 1000)::float8 as empty_in_ms
     from rate_limit_counters c where c.key = any($1::text[])`,
);

const SWEEP = preparedStatement(
  'limits.sweep',
  `delete from rate_limit_counters where empty_at < now() - interval '1 minute'`,
);

/** The shared counters' table (`rate_limit_counters`, unlogged). */
export class CounterRepository extends Repository {
  add(
    keys: readonly string[],
    amounts: readonly number[],
    windowMs: readonly (number | null)[],
    leakPerSecond: readonly (number | null)[],
  ): Promise<CounterRow[]> {
    return this.prepared<CounterRow>(ADD, [keys, amounts, windowMs, leakPerSecond]);
  }

  read(keys: readonly string[]): Promise<CounterRow[]> {
    return this.prepared<CounterRow>(READ, [keys]);
  }

  /** Drops counters that have been empty for a minute. */
  async sweep(): Promise<void> {
    await this.prepared(SWEEP, []);
  }
}
