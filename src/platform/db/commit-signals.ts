import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from './orm.ts';

/**
 * Signals raised inside a database transaction and fired once it has committed (never on rollback): how the
 * outbox writer wakes the outbox relay and the events feed without a NOTIFY inside the writing transaction
 * (which PostgreSQL serialises across all such commits). Works for every EntityManager fork of the ORM, so a
 * unit of work opened anywhere (a request, a job, a test factory) signals alike.
 */
const raised = new WeakMap<EntityManager, Set<string>>();

/** Called by repositories (Repository.signalAfterCommit) inside a unit of work. */
export function raiseAfterCommit(em: EntityManager, signal: string): void {
  let signals = raised.get(em);
  if (!signals) {
    signals = new Set();
    raised.set(em, signals);
  }
  signals.add(signal);
}

const watchers = new WeakMap<Orm, ((signals: ReadonlySet<string>) => void)[]>();

/**
 * Fires `signal` at once, for a write that committed by itself (a single statement outside a transaction, see
 * `Db.autocommit`): there is no transaction commit to wait for.
 */
export function fireCommitted(orm: Orm, signal: string): void {
  const signals = new Set([signal]);
  for (const onCommit of watchers.get(orm) ?? []) onCommit(signals);
}

/** Calls `onCommit` with the signals of every transaction of this ORM that commits (and of `fireCommitted`). */
export function watchCommits(orm: Orm, onCommit: (signals: ReadonlySet<string>) => void): void {
  watchers.set(orm, [...(watchers.get(orm) ?? []), onCommit]);
  const take = (args: TransactionEventArgs) => {
    const em = args.em as unknown as EntityManager;
    const signals = raised.get(em);
    raised.delete(em);
    return signals;
  };
  const subscriber: EventSubscriber = {
    afterTransactionCommit: (args) => {
      const signals = take(args);
      if (signals) onCommit(signals);
    },
    afterTransactionRollback: (args) => {
      take(args);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
