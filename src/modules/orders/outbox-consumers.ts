import type { SqlPart } from '../../platform/db/prepared.ts';
import type { Order } from './order.entity.ts';
import type { OutboxEvent } from './outbox.entity.ts';

/**
 * What a consumer of the outbox needs of one row an order write adds. The outbox relay (webhooks) reads every
 * row left unrelayed; a row no consumer needs is written already relayed, so the relay never has to claim and
 * update it (an update of `relayed_at` rewrites every index of the outbox).
 */
export type OutboxNeed =
  /** The consumer has no use for the row. */
  | 'nothing'
  /** Its work for the row is done in the write's own statement (`partFor`): the row is written relayed. */
  | 'now'
  /** The relay must see the row. */
  | 'relay'
  /** The relay must see the row when the consumer's `relayWhen` holds (something only the database knows). */
  | 'maybe';

/**
 * Another module's use of the outbox rows order writes add, plugged into the write the way payment methods
 * plug into creation: orders own the write, the consumer owns the rule (webhooks: which events become
 * deliveries). The composition root fills the registry (src/services.ts `outboxConsumers`).
 */
export interface OutboxConsumer {
  /**
   * What it needs of `row`; `order` is the row's order when the writing command has it in hand (read under its
   * row lock, or new). `relaysItself`: the write may do the consumer's work in its own statement ('now').
   */
  needs(row: OutboxEvent, order: Order | undefined, write: { relaysItself: boolean }): OutboxNeed;
  /** For 'maybe': an SQL condition over the inserted row `r` under which the relay must see it. */
  readonly relayWhen: string;
  /** Its work for the rows it answered 'now' for, reading the outbox rows just inserted (`{{previous}}`). */
  partFor(rows: readonly { row: OutboxEvent; order: Order }[]): SqlPart;
}

/** How an order write writes its outbox rows, as the consumers decided (`OutboxConsumers.plan`). */
export interface OutboxPlan {
  /** The 'maybe' conditions: a row is left unrelayed when one of them holds. */
  relayWhen: readonly string[];
  /** The consumers' parts that read the inserted rows (`{{previous}}`); at most one. */
  parts: SqlPart[];
  /** Whether a row may be left to the relay (it is woken after the commit). */
  leavesUnrelayed: boolean;
}

/** The registry of outbox consumers. */
export class OutboxConsumers {
  readonly #consumers: readonly OutboxConsumer[];

  constructor(consumers: readonly OutboxConsumer[]) {
    this.#consumers = consumers;
  }

  /**
   * Decides each row's `relayedAt` (a row already relayed stays so): left unrelayed when a consumer needs the
   * relay, otherwise relayed at its creation (under the 'maybe' conditions, which the insert checks).
   */
  plan(rows: readonly OutboxEvent[], orders: ReadonlyMap<string, Order>, relaysItself: boolean): OutboxPlan {
    const relayWhen = new Set<string>();
    const now = new Map<OutboxConsumer, { row: OutboxEvent; order: Order }[]>();
    let leavesUnrelayed = false;
    for (const row of rows) {
      row.createdAt ??= new Date();
      if (row.relayedAt != null) continue;
      const order = orders.get(row.orderId);
      const needs = this.#consumers.map((consumer) => consumer.needs(row, order, { relaysItself }));
      if (needs.includes('relay')) {
        leavesUnrelayed = true;
        continue;
      }
      row.relayedAt = row.createdAt;
      this.#consumers.forEach((consumer, index) => {
        if (needs[index] === 'maybe') {
          relayWhen.add(consumer.relayWhen);
          leavesUnrelayed = true;
        } else if (needs[index] === 'now') {
          if (!order) throw new Error("an outbox consumer's work in the write needs the order in hand");
          const list = now.get(consumer);
          if (list) list.push({ row, order });
          else now.set(consumer, [{ row, order }]);
        }
      });
    }
    if (now.size > 1) throw new Error('one outbox consumer at most works in the write itself');
    const parts = [...now].map(([consumer, list]) => consumer.partFor(list));
    return { relayWhen: [...relayWhen], parts, leavesUnrelayed };
  }
}
