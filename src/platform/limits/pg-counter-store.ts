import { hash } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { CounterRepository, type CounterRow } from './counter.repository.ts';
import type { CounterAddition, CounterLevel, CounterStore } from './counter-store.ts';

/** How often a process drops counters that have been empty for a while. */
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * The shared counters in PostgreSQL, which every deployment already has: an unlogged table with one row per
 * counter, written by one atomic upsert per batch (counter.repository.ts), on PostgreSQL's clock. Keys that are
 * not short printable text (an e-mail address typed at sign-in may hold anything) are stored as their SHA-256,
 * so no input can make a batch fail.
 */
export class PgCounterStore implements CounterStore {
  readonly #db: Db;
  #lastSweep = Date.now();

  constructor(db: Db) {
    this.#db = db;
  }

  async add(additions: readonly CounterAddition[]): Promise<CounterLevel[]> {
    if (additions.length === 0) return [];
    const keys = additions.map((addition) => storedKey(addition.key));
    const rows = await this.#db.autocommit((uow) =>
      new CounterRepository(uow).add(
        keys,
        additions.map((addition) => addition.amount),
        additions.map((addition) => (addition.drain.kind === 'window' ? addition.drain.windowMs : null)),
        additions.map((addition) => (addition.drain.kind === 'leak' ? addition.drain.perSecond : null)),
      ),
    );
    this.#sweepNowAndThen();
    return inOrder(keys, rows);
  }

  async read(keys: readonly string[]): Promise<CounterLevel[]> {
    if (keys.length === 0) return [];
    const stored = keys.map(storedKey);
    const rows = await this.#db.read((uow) => new CounterRepository(uow).read(stored));
    return inOrder(stored, rows);
  }

  #sweepNowAndThen(): void {
    if (Date.now() - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = Date.now();
    void this.#db.autocommit((uow) => new CounterRepository(uow).sweep()).catch(() => undefined);
  }
}

function inOrder(keys: readonly string[], rows: CounterRow[]): CounterLevel[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    return row
      ? { level: Number(row.level), emptyInMs: Number(row.empty_in_ms) }
      : { level: 0, emptyInMs: 0 };
  });
}

const PLAIN_KEY = /^[\x21-\x7e]{1,200}$/;

function storedKey(key: string): string {
  return PLAIN_KEY.test(key) ? key : `sha256:${hash('sha256', key, 'base64url')}`;
}
