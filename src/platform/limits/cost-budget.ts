import type { Db } from '../db/db.ts';
import { type BucketTake, CostBucketRepository } from './cost-bucket.repository.ts';

/** A project's leaky bucket of GraphQL cost points (configuration: GRAPHQL_COST_*). */
export interface CostBudgetSettings {
  /** Points a full bucket holds, and so the most one operation may cost; 0 turns the budget off. */
  maximumAvailable: number;
  /** Points restored per second. */
  restoreRate: number;
}

/** Shopify's `throttleStatus`: the bucket as this process sees it. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export type Charge =
  | { granted: true; status: ThrottleStatus }
  /** Over budget: nothing was taken; `retryAfterMs` is how long until the bucket holds the cost. */
  | { granted: false; status: ThrottleStatus; retryAfterMs: number; exceedsMaximum: boolean };

/** Where the shared buckets live: PostgreSQL (cost-bucket.repository.ts), or a stand-in in unit tests. */
export interface SharedBuckets {
  /** `returned`: points a reservation did not spend, given back to the bucket in the same step. */
  take(projectId: string, need: number, want: number, returned: number): Promise<BucketTake>;
}

/** How long a process keeps points it reserved before it lets them go. */
export const RESERVATION_MS = 1000;

/** What this process holds of one project's bucket. */
interface Reservation {
  points: number;
  /** Points of an ended reservation (and what operations gave back to it), to return with the next take. */
  unspent: number;
  /** The shared bucket's level when this process last took from it, and when. */
  sharedAvailable: number;
  readAt: number;
  expiresAt: number;
}

/**
 * Each project's budget of GraphQL cost points, a leaky bucket shared by every process on the database (as
 * Shopify's Admin API throttles a shop): an operation may start when the bucket holds its requested cost, which
 * is taken before it runs; once it ran, what it did not use (requested less actual cost) is given back.
 *
 * The bucket itself is a row per project in PostgreSQL; in front of it, each process reserves points in chunks
 * (a second's worth of restoring, at least what the operations waiting for it lack) and spends them locally, so a
 * busy project costs one statement a second per process rather than one per request. Points a process reserved and did not spend
 * within RESERVATION_MS (what operations gave back included) return to the bucket with that process's next take
 * (the same statement): meanwhile, with N processes, a project may find up to N chunks fewer points than one
 * process would give it, never more. `currentlyAvailable` is this process's view: its reservation plus the
 * shared level it last read, refilled since.
 *
 * Operations arriving at once never spend more than the bucket holds: within a process, an operation checks its
 * reservation and takes its points from it in one synchronous step (no await between), and a take's points are
 * counted in that same step once it answered; between processes, a take is one statement under the bucket row's
 * lock, each seeing what the one before left (cost-bucket.repository.ts). test/platform/cost-budget.test.ts
 * sends such bursts over HTTP to two processes and through a stand-in bucket.
 *
 * When the database cannot be asked, the operation is let through (it reads the same database, and answers a
 * 503 itself when that is down): the budget protects the service, it does not gate it on a second dependency.
 */
export class CostBudget {
  readonly #shared: SharedBuckets;
  readonly #settings: CostBudgetSettings;
  readonly #now: () => number;
  readonly #reservations = new Map<string, Reservation>();
  /** A take from the shared bucket under way, per project: others wait for it instead of taking too. */
  readonly #taking = new Map<string, Promise<void>>();
  /** Points the operations waiting for a take ask for, per project: the next take is sized for them too. */
  readonly #waiting = new Map<string, number>();
  readonly #onError: (error: unknown) => void;

  constructor(
    shared: SharedBuckets,
    settings: CostBudgetSettings,
    options: { now?: () => number; onError?: (error: unknown) => void } = {},
  ) {
    this.#shared = shared;
    this.#settings = settings;
    this.#now = options.now ?? Date.now;
    this.#onError = options.onError ?? (() => undefined);
  }

  /** The budget over the database's `graphql_cost_buckets` table. */
  static inDatabase(
    db: Pick<Db, 'autocommit'>,
    settings: CostBudgetSettings,
    onError?: (error: unknown) => void,
  ): CostBudget {
    const bucket = { size: settings.maximumAvailable, restoreRate: settings.restoreRate };
    const shared: SharedBuckets = {
      take: (projectId, need, want, returned) =>
        db.autocommit((uow) => new CostBucketRepository(uow).take(projectId, bucket, need, want, returned)),
    };
    return new CostBudget(shared, settings, { onError });
  }

  get enabled(): boolean {
    return this.#settings.maximumAvailable > 0;
  }

  /** Takes `cost` points from the project's bucket, or says how long to wait for them. */
  async charge(projectId: string, cost: number): Promise<Charge> {
    const { maximumAvailable, restoreRate } = this.#settings;
    const now = this.#now();
    if (cost > maximumAvailable) {
      return { granted: false, status: this.status(projectId), retryAfterMs: 0, exceedsMaximum: true };
    }
    // Operations that find the reservation short while this process is already taking from the bucket wait for
    // that take and look again, rather than each taking a chunk at once (which would empty the bucket).
    let reservation = this.#current(projectId, now);
    for (let waits = 0; ; waits++) {
      const at = this.#now();
      reservation = this.#current(projectId, at);
      if (reservation && reservation.expiresAt > at && reservation.points >= cost) {
        reservation.points -= cost;
        return { granted: true, status: this.status(projectId) };
      }
      const pending = this.#taking.get(projectId);
      if (!pending || waits >= 3) break;
      this.#waiting.set(projectId, (this.#waiting.get(projectId) ?? 0) + cost);
      try {
        await pending;
      } finally {
        const waiting = (this.#waiting.get(projectId) ?? cost) - cost;
        if (waiting > 0) this.#waiting.set(projectId, waiting);
        else this.#waiting.delete(projectId);
      }
    }
    const held = reservation?.points ?? 0;
    const need = cost - held;
    // A second of restoring (or a tenth of the bucket, if less), and at least what this operation lacks and what
    // the operations waiting for this take ask for: a burst sized by a chunk each time took chunk after chunk
    // (a statement each), and the operations that stopped waiting took one each at once, each keeping what it
    // did not spend until it lapsed while the others were refused (100 operations of 10 points at once on two
    // processes: 88 takes, 22 let through of the 30 the bucket held).
    const chunk = Math.min(restoreRate, maximumAvailable / 10);
    const waiting = this.#waiting.get(projectId) ?? 0;
    const want = Math.min(maximumAvailable, Math.max(need + waiting, chunk));
    let taken: BucketTake;
    const returned = reservation?.unspent ?? 0;
    if (reservation) reservation.unspent = 0;
    const take = this.#shared.take(projectId, need, want, returned);
    const settled = take.then(
      () => undefined,
      () => undefined,
    );
    this.#taking.set(projectId, settled);
    try {
      taken = await take;
    } catch (error) {
      this.#onError(error);
      return { granted: true, status: this.status(projectId) };
    } finally {
      if (this.#taking.get(projectId) === settled) this.#taking.delete(projectId);
    }
    const after = this.#now();
    // Another operation of this process may have reserved meanwhile: the points add up.
    reservation = this.#current(projectId, after) ?? {
      points: 0,
      unspent: 0,
      sharedAvailable: 0,
      readAt: after,
      expiresAt: after + RESERVATION_MS,
    };
    reservation.sharedAvailable = taken.available;
    reservation.readAt = after;
    this.#reservations.set(projectId, reservation);
    if (taken.granted <= 0) {
      const missing = cost - reservation.points - taken.available;
      const retryAfterMs = Math.max(1, Math.ceil((Math.max(0, missing) / restoreRate) * 1000));
      return { granted: false, status: this.status(projectId), retryAfterMs, exceedsMaximum: false };
    }
    reservation.points += taken.granted;
    reservation.expiresAt = after + RESERVATION_MS;
    if (reservation.points < cost) {
      // Spent meanwhile by another operation of this process: wait for what is missing.
      const retryAfterMs = Math.max(1, Math.ceil(((cost - reservation.points) / restoreRate) * 1000));
      return { granted: false, status: this.status(projectId), retryAfterMs, exceedsMaximum: false };
    }
    reservation.points -= cost;
    return { granted: true, status: this.status(projectId) };
  }

  /** Gives back points an operation took and did not use (its requested less its actual cost). */
  refund(projectId: string, points: number): ThrottleStatus {
    const reservation = this.#current(projectId, this.#now());
    if (reservation && points > 0) reservation.points += points;
    return this.status(projectId);
  }

  /** The bucket as this process sees it now. */
  status(projectId: string): ThrottleStatus {
    const { maximumAvailable, restoreRate } = this.#settings;
    const now = this.#now();
    const reservation = this.#current(projectId, now);
    const shared = reservation
      ? reservation.sharedAvailable + (restoreRate * (now - reservation.readAt)) / 1000
      : maximumAvailable;
    const available = Math.min(maximumAvailable, (reservation?.points ?? 0) + shared);
    return { maximumAvailable, currentlyAvailable: Math.floor(available), restoreRate };
  }

  /** The project's reservation; past RESERVATION_MS its points go back (with the next take), what it read stays. */
  #current(projectId: string, now: number): Reservation | undefined {
    const reservation = this.#reservations.get(projectId);
    if (reservation && reservation.expiresAt <= now && reservation.points > 0) {
      reservation.unspent += reservation.points;
      reservation.points = 0;
    }
    return reservation;
  }
}
