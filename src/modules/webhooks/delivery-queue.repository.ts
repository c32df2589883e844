import { preparedStatement } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import { DELIVERIES_CHANNEL } from '../../platform/pubsub/channels.ts';
import { insertStatusChangeDeliveries } from './status-change-deliveries.repository.ts';
import type { WebhookDeliveryState, WebhookErrorKind } from './webhook-delivery.entity.ts';

/** A due delivery a worker has claimed (leased), with where and how to send it right now. */
export interface ClaimedDelivery {
  id: string;
  projectId: string;
  orderId: string;
  eventId: string;
  /** The attempt to make: 1 for the first. */
  attempt: number;
  maxAttempts: number;
  /** The order's `webhook_url`, else the project's; null when neither is set any more. */
  url: string | null;
  projectMode: 'test' | 'live';
  /** The secrets to sign with, newest first: two during a rotation's overlap, none when signing is off. */
  signingSecrets: string[];
}

/** What one attempt did and what follows (retry-policy.ts). */
export interface RecordedAttempt {
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  url: string | null;
  httpStatus: number | null;
  errorKind: WebhookErrorKind | null;
  errorMessage: string | null;
  durationMs: number;
  responseExcerpt: string | null;
  signed: boolean;
  state: WebhookDeliveryState;
  completedAt: Date | null;
  /** Seconds until the next attempt is due; null when the delivery is finished. */
  retryInSeconds: number | null;
}

/** The columns of a batch of attempts, bound as arrays ($1 … $13) and read back as rows by `unnest`. */
const ATTEMPTS = `select * from unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::text[], $5::int[], $6::text[],
    $7::text[], $8::int[], $9::text[], $10::bool[], $11::text[], $12::timestamptz[], $13::float8[])
  as o(id, attempt, started_at, url, http_status, error_kind, error_message, duration_ms, excerpt, signed,
    state, completed_at, retry_in)`;

/**
 * Records the attempts in `o`: each attempt row, its delivery's new state (delivered, failed for good, or
 * pending with its next attempt due), the lease released, and each project's webhook health. An attempt another
 * worker already recorded (a lease that ran out mid-attempt) is skipped: `updated` holds the deliveries updated.
 */
const RECORD_CTES = `o as (${ATTEMPTS}
  ), updated as (
    update webhook_deliveries d set
      attempt_count = o.attempt, last_attempt_at = o.started_at, state = o.state,
      next_attempt_at = now() + make_interval(secs => o.retry_in), completed_at = o.completed_at,
      lease_until = null
    from o where d.id = o.id and d.state = 'pending' and d.attempt_count = o.attempt - 1
    returning d.id, d.project_id, d.order_id, d.state
  ), attempt_rows as (
    insert into webhook_delivery_attempts (id, delivery_id, project_id, attempt_number, started_at, url,
      http_status, error_kind, error_message, duration_ms, response_excerpt, signed)
    select gen_random_uuid(), o.id, u.project_id, o.attempt, o.started_at, o.url, o.http_status, o.error_kind,
      o.error_message, o.duration_ms, o.excerpt, o.signed
    from o join updated u on u.id = o.id
  ), outcomes as (
    select u.project_id, o.started_at, o.error_kind is null as ok from o join updated u on u.id = o.id
  ), per_project as (
    select project_id, max(started_at) filter (where ok) as last_success,
      max(started_at) filter (where not ok) as last_failure
    from outcomes group by project_id
  ), health as (
    insert into webhook_health as h (project_id, last_success_at, last_failure_at, consecutive_failures)
    select p.project_id, p.last_success, p.last_failure,
      (select count(*) from outcomes x
       where x.project_id = p.project_id and not x.ok
         and (p.last_success is null or x.started_at > p.last_success))::int
    from per_project p
    on conflict (project_id) do update set
      last_success_at = greatest(h.last_success_at, excluded.last_success_at),
      last_failure_at = greatest(h.last_failure_at, excluded.last_failure_at),
      consecutive_failures = case
        when excluded.last_success_at is not null then excluded.consecutive_failures
        else h.consecutive_failures + excluded.consecutive_failures end
  )`;

const RECORD = preparedStatement(
  'webhooks.record_attempts',
  `with ${RECORD_CTES}
  select id, project_id, order_id, state from updated`,
);

/**
 * Records the attempts in `o` (RECORD_CTES) and, in the same statement, claims up to $14 due deliveries fairly:
 * every project gets its oldest due delivery before any gets a second, and no project has more than $15 leased
 * at once across all workers. The deliveries recorded here no longer count as leased (their leases are
 * released by this very statement, which the statement's snapshot does not show), and are never claimed again
 * by it. A claimed delivery is leased for $16 seconds (first attempt) or $17 (retries). Also answers when the
 * next pending delivery falls due, counting the retries this statement schedules.
 *
 * A delivery claimed again after its lease ran out was being attempted by a worker that never recorded the
 * attempt (killed, or cut off from the database): that attempt is counted (`attempt_count`) and logged with
 * the error kind `interrupted` (CTE `interrupted`), so the delivery log shows every attempt, the re-attempt as
 * the next one. The receiver may have got the first one too (at least once, same `webhook-id`). An interrupted
 * attempt never ends a delivery: the re-attempt is made even when the interrupted one was the last allowed. A
 * worker that records the interrupted attempt after all is ignored (its `attempt_count` guard fails), and one
 * that recorded it just before this claim keeps its row (`on conflict do nothing`). The claimed deliveries come
 * back in the order they were picked (`picked.rank`).
 *
 * Index-bounded whatever the backlog: the projects with pending deliveries are found by a loose scan of
 * webhook_deliveries_due_idx (one probe per project, `pending_projects`), and each project's due deliveries are
 * read from the same index in due order, stopping at its limit. (A `distinct` over every due row made each
 * cycle read the whole backlog: 4.6 → 2.8 ms per statement at a backlog of a few thousand.)
 */
const RECORD_AND_CLAIM = preparedStatement(
  'webhooks.record_and_claim',
  `with recursive ${RECORD_CTES}, busy as (
    select d.project_id, count(*)::int as n from webhook_deliveries d
    where d.lease_until > now() and d.state = 'pending' and d.id not in (select id from updated)
    group by d.project_id
  ), pending_projects(project_id) as (
    (select project_id from webhook_deliveries where state = 'pending' order by project_id limit 1)
    union all
    select (select d.project_id from webhook_deliveries d
            where d.state = 'pending' and d.project_id > pp.project_id order by d.project_id limit 1)
    from pending_projects pp where pp.project_id is not null
  ), due_projects as (
    select project_id from pending_projects where project_id is not null
  ), picked as (
    select c.id, c.rank, c.next_attempt_at, c.lease_until, c.attempt_count from due_projects dp
    left join busy b on b.project_id = dp.project_id
    cross join lateral (
      select d.id, row_number() over (order by d.next_attempt_at, d.id) as rank, d.next_attempt_at,
        d.lease_until, d.attempt_count
      from webhook_deliveries d
      where d.project_id = dp.project_id and d.state = 'pending' and d.next_attempt_at <= now()
        and (d.lease_until is null or d.lease_until <= now()) and d.id <> all($1::uuid[])
      order by d.next_attempt_at, d.id
      limit greatest(0, $15::int - coalesce(b.n, 0))
    ) c
    order by c.rank, c.next_attempt_at, c.id
    limit $14::int
  ), claimed as (
    update webhook_deliveries d
    set lease_until = now() + make_interval(secs => case when d.attempt_count = 0 and d.lease_until is null
                                                         then $16::float8 else $17::float8 end),
      attempt_count = d.attempt_count + case when d.lease_until is null then 0 else 1 end
    from picked where d.id = picked.id and d.state = 'pending'
      and (d.lease_until is null or d.lease_until <= now())
    returning d.id, d.project_id, d.order_id, d.event_id, d.attempt_count, d.max_attempts
  ), interrupted as (
    insert into webhook_delivery_attempts (id, delivery_id, project_id, attempt_number, started_at, url,
      http_status, error_kind, error_message, duration_ms, response_excerpt, signed)
    select gen_random_uuid(), c.id, c.project_id, pk.attempt_count + 1,
      pk.lease_until - make_interval(secs => case when pk.attempt_count = 0 then $16::float8 else $17::float8 end),
      coalesce(o.webhook_url, p.webhook_url), null, 'interrupted',
      'the worker making this attempt stopped before recording it; its lease ran out', 0, null,
      p.webhook_signing_secret is not null
    from claimed c join picked pk on pk.id = c.id
    left join orders o on o.id = c.order_id left join projects p on p.id = c.project_id
    where pk.lease_until is not null
    on conflict (delivery_id, attempt_number) do nothing
  ), next_due as (
    select least(
      (select min(next_attempt_at) from webhook_deliveries where state = 'pending' and next_attempt_at > now()),
      (select min(now() + make_interval(secs => retry_in)) from o where state = 'pending')
    ) as at
  )
  select n.at as next_due_at, c.id, c.project_id, c.order_id, c.event_id, c.attempt_count, c.max_attempts,
    coalesce(o.webhook_url, p.webhook_url) as url, p.mode,
    p.webhook_signing_secret as secret,
    case when p.webhook_signing_previous_until > now() then p.webhook_signing_secret_previous end
      as previous_secret
  from next_due n
  left join claimed c on true
  left join picked pk on pk.id = c.id
  left join orders o on o.id = c.order_id
  left join projects p on p.id = c.project_id
  order by pk.rank, pk.next_attempt_at, c.id`,
);

/**
 * Relays up to $1 outbox rows: claims them (SKIP LOCKED: processes share the work and never take the same
 * row), marks them relayed at $2, and queues a delivery ($3 attempts at most) for every order status change
 * whose order or project has a webhook URL. A delivery is dated by its status change, as one an order write
 * queues itself is: the relay's time would give every delivery of a batch the same date, and the delivery
 * log (newest first) would list them in no particular order.
 */
const RELAY = preparedStatement(
  'webhooks.relay_outbox',
  `with claimed as (
    select id from outbox_events where relayed_at is null order by id limit $1::int for update skip locked
  ), relayed as (
    update outbox_events e set relayed_at = $2::timestamptz from claimed c where e.id = c.id
    returning e.id, e.event_id, e.type, e.project_id, e.order_id, e.data, e.created_at
  ), queued as (
    ${insertStatusChangeDeliveries({
      rows: 'relayed r',
      orderJoin: 'join orders o on o.id = r.order_id',
      orderWebhookUrl: 'o.webhook_url',
      createdAt: 'r.created_at',
      maxAttempts: '$3::int',
      onConflict: "on conflict (outbox_event_id) where reason = 'status_changed' do nothing",
    })}
  )
  select (select count(*) from relayed)::int as claimed, (select count(*) from queued)::int as queued`,
);

/** How a worker claims: how many deliveries at most, the per-project limit, and the leases' lengths. */
export interface ClaimOptions {
  limit: number;
  perProject: number;
  leaseSeconds: { first: number; retry: number };
}

/**
 * The delivery queue: webhook_deliveries itself (see the webhook-dispatch migration). Set-based prepared
 * statements, one round trip each: relaying a batch of the outbox, recording a batch of finished attempts and
 * claiming the next due deliveries (together, so a worker's cycle is one statement), recording alone.
 */
export class DeliveryQueueRepository extends Repository {
  /**
   * Relays up to `limit` outbox rows in one statement (RELAY), which is atomic by itself: run it outside a
   * transaction. Returns how many rows were claimed and how many deliveries queued.
   */
  async relayBatch(
    limit: number,
    maxAttempts: number,
    at: Date,
  ): Promise<{ claimed: number; queued: number }> {
    const [row] = await this.prepared<{ claimed: number; queued: number }>(RELAY, [limit, at, maxAttempts]);
    if (row && row.queued > 0) this.signalAfterCommit(DELIVERIES_CHANNEL);
    return row ?? { claimed: 0, queued: 0 };
  }

  /**
   * Records `attempts` (none: claims only) and claims up to `limit` due deliveries in one statement
   * (RECORD_AND_CLAIM). Only for attempts that gave nothing up: a delivery failed for good needs its
   * `webhook.gave_up` event in the same transaction (`recordAttempts`). Also answers when the next pending
   * delivery falls due.
   */
  async recordAndClaim(
    attempts: readonly RecordedAttempt[],
    options: ClaimOptions,
  ): Promise<{ claimed: ClaimedDelivery[]; nextDueAt: Date | null }> {
    const rows = await this.prepared<ClaimRow>(RECORD_AND_CLAIM, [
      ...attemptColumns(attempts),
      options.limit,
      options.perProject,
      options.leaseSeconds.first,
      options.leaseSeconds.retry,
    ]);
    const nextDue = rows[0]?.next_due_at ?? null;
    return {
      nextDueAt: nextDue ? new Date(nextDue) : null,
      claimed: rows
        .filter((row) => row.id !== null)
        .map((row) => ({
          id: row.id!,
          projectId: row.project_id!,
          orderId: row.order_id!,
          eventId: row.event_id!,
          attempt: row.attempt_count! + 1,
          maxAttempts: row.max_attempts!,
          url: row.url,
          projectMode: row.mode ?? 'test',
          signingSecrets: [row.secret, row.previous_secret].filter((s): s is string => Boolean(s)),
        })),
    };
  }

  /**
   * Deliveries due and not being attempted (across every project and process), and how long the
   * longest-waiting of them has been due: the delivery queue's backlog, for metrics.
   */
  async backlog(): Promise<{ due: number; oldestDueSeconds: number }> {
    const [row] = await this.query<{ due: number; oldest: number }>(
      `select count(*)::int as due, coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as oldest
         from webhook_deliveries
        where state = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())`,
    );
    return { due: row?.due ?? 0, oldestDueSeconds: row?.oldest ?? 0 };
  }

  /**
   * Records a batch of attempts in one statement (RECORD). Returns the deliveries updated, with their project,
   * order and new state.
   */
  async recordAttempts(
    attempts: readonly RecordedAttempt[],
  ): Promise<{ id: string; projectId: string; orderId: string; state: WebhookDeliveryState }[]> {
    const rows = await this.prepared<{
      id: string;
      project_id: string;
      order_id: string;
      state: WebhookDeliveryState;
    }>(RECORD, attemptColumns(attempts));
    return rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      orderId: row.order_id,
      state: row.state,
    }));
  }
}

/** The values of $1 … $13 of ATTEMPTS: one array per column. */
function attemptColumns(attempts: readonly RecordedAttempt[]): unknown[] {
  const column = <K extends keyof RecordedAttempt>(key: K) => attempts.map((attempt) => attempt[key]);
  return [
    column('deliveryId'),
    column('attempt'),
    column('startedAt'),
    column('url'),
    column('httpStatus'),
    column('errorKind'),
    column('errorMessage'),
    column('durationMs'),
    column('responseExcerpt'),
    column('signed'),
    column('state'),
    column('completedAt'),
    column('retryInSeconds'),
  ];
}

interface ClaimRow {
  next_due_at: Date | string | null;
  id: string | null;
  project_id: string | null;
  order_id: string | null;
  event_id: string | null;
  attempt_count: number | null;
  max_attempts: number | null;
  url: string | null;
  mode: 'test' | 'live' | null;
  secret: string | null;
  previous_secret: string | null;
}
