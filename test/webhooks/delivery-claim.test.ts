import { recordAndClaim } from '../../src/modules/webhooks/commands/record-attempts.ts';
import type { ClaimOptions } from '../../src/modules/webhooks/delivery-queue.repository.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const OPTIONS: ClaimOptions = { limit: 10, perProject: 3, leaseSeconds: { first: 30, retry: 30 } };

/**
 * A pending delivery of a new order of `project`, due `dueInSeconds` from now (negative: overdue), leased for
 * `leasedForSeconds` when given (a worker is attempting it).
 */
async function delivery(
  app: TestApp,
  project: { projectId: string; apiKey: string },
  dueInSeconds: number,
  leasedForSeconds?: number,
): Promise<string> {
  const api = restClient(app.baseUrl, project.apiKey);
  const order = (await api.post<{ id: string }>('/v1/orders/', buildOrder())).body;
  const [row] = await sql<{ id: string }>(
    app.databaseUrl,
    `insert into webhook_deliveries (id, project_id, order_id, event_id, reason, order_status, state,
       attempt_count, max_attempts, created_at, next_attempt_at, lease_until)
     values (gen_random_uuid(), $1, $2, gen_random_uuid(), 'redelivery', 'new', 'pending', 0, 10, now(),
       now() + make_interval(secs => $3), now() + make_interval(secs => $4))
     returning id`,
    [project.projectId, order.id, dueInSeconds, leasedForSeconds ?? null],
  );
  return row!.id;
}

describe('claiming due webhook deliveries', () => {
  let app: TestApp;
  beforeAll(async () => {
    // No workers: the test claims by itself.
    app = await startTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('takes due deliveries only, oldest first, every project before any gets a second, within its limit', async () => {
    const [busy, quiet, later] = await Promise.all(
      ['Busy shop', 'Quiet shop', 'Retrying shop'].map((name) =>
        seedProject(app, { name, webhookUrl: 'https://merchant.example/hooks' }),
      ),
    );
    const busyOldest = await delivery(app, busy!, -50);
    const busySecond = await delivery(app, busy!, -40);
    await delivery(app, busy!, -30); // due, but over the project's limit once the lease below counts
    await delivery(app, busy!, -60, 30); // leased: being attempted
    await delivery(app, busy!, 60); // a retry not yet due
    const quietOnly = await delivery(app, quiet!, -1);
    const retry = await delivery(app, later!, 5); // this project has nothing due

    const first = await recordAndClaim(app.runtime.deps, [], OPTIONS);

    expect(first.claimed.map((claimed) => claimed.id)).toEqual([busyOldest, quietOnly, busySecond]);
    expect(first.claimed.every((claimed) => claimed.attempt === 1)).toBe(true);
    // It wakes for the earliest delivery not yet due.
    const [due] = await sql<{ at: Date }>(
      app.databaseUrl,
      'select next_attempt_at as at from webhook_deliveries where id = $1',
      [retry],
    );
    expect(first.nextDueAt?.getTime()).toBe(due!.at.getTime());

    // Everything due is leased or over its project's limit: nothing more to claim.
    const second = await recordAndClaim(app.runtime.deps, [], OPTIONS);
    expect(second.claimed).toEqual([]);
  });

  it('counts an attempt whose worker died before recording it, and logs it as interrupted', async () => {
    const project = await seedProject(app, {
      name: 'Shop of a dead worker',
      webhookUrl: 'https://merchant.example/h',
    });
    // Claimed by a worker whose lease ran out a second ago without a record: the worker died mid-attempt.
    const abandoned = await delivery(app, project, -60, -1);

    const { claimed } = await recordAndClaim(app.runtime.deps, [], { ...OPTIONS, perProject: 10 });
    const again = claimed.find((candidate) => candidate.id === abandoned)!;
    expect(again.attempt).toBe(2);
    const startedAt = new Date();
    await recordAndClaim(
      app.runtime.deps,
      [
        {
          deliveryId: abandoned,
          attempt: again.attempt,
          startedAt,
          url: again.url,
          httpStatus: 200,
          errorKind: null,
          errorMessage: null,
          durationMs: 5,
          responseExcerpt: 'ok',
          signed: false,
          state: 'delivered',
          completedAt: startedAt,
          retryInSeconds: null,
        },
      ],
      { ...OPTIONS, limit: 0 },
    );

    const attempts = await sql<{
      attempt_number: number;
      error_kind: string | null;
      http_status: number | null;
    }>(
      app.databaseUrl,
      `select attempt_number, error_kind, http_status from webhook_delivery_attempts
        where delivery_id = $1 order by attempt_number`,
      [abandoned],
    );
    expect(attempts).toEqual([
      { attempt_number: 1, error_kind: 'interrupted', http_status: null },
      { attempt_number: 2, error_kind: null, http_status: 200 },
    ]);
    const [row] = await sql(
      app.databaseUrl,
      'select state, attempt_count from webhook_deliveries where id = $1',
      [abandoned],
    );
    expect(row).toEqual({ state: 'delivered', attempt_count: 2 });
  });
});
