import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type AuditRow = {
  project_id: string | null;
  action: string;
  outcome: string;
  target_type: string | null;
  target_id: string | null;
};

const auditRows = (app: TestApp, projectId: string) =>
  sql<AuditRow>(
    app.databaseUrl,
    'select project_id, action, outcome, target_type, target_id from audit_events where project_id = $1',
    [projectId],
  );

describe('the audit trail', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ...SESSIONS_SEND_ANY_DOCUMENT, RATE_LIMIT_PER_CREDENTIAL: '100000' });
  });
  afterAll(() => app.stop());

  it("loses nothing of another merchant's writes when ids holding a NUL byte are audited among them", async () => {
    const attacker = await seedProject(app);
    const viewer = await seedUser(app, attacker.projectId, 'viewer');
    const viewerGraphql = sessionGraphql(
      app.baseUrl,
      await signIn(app.baseUrl, viewer.email, viewer.password),
    );
    const victim = await seedProject(app);
    const victimApi = restClient(app.baseUrl, victim.apiKey);
    const attackerApi = restClient(app.baseUrl, attacker.apiKey);

    const created: string[] = [];
    for (let round = 0; round < 10; round++) {
      const [writes] = await Promise.all([
        Promise.all(
          Array.from({ length: 10 }, () =>
            victimApi.post<{ id: string }>('/v1/payment-links/', { amount: 500, currency: 'EUR' }),
          ),
        ),
        attackerApi.post('/v1/payment-links/%00/deactivate/', {}),
        viewerGraphql('mutation { removeUser(id: "\\u0000") { userErrors { code } } }'),
      ]);
      for (const write of writes) {
        expect(write.status).toBe(201);
        created.push(write.body.id);
      }
    }
    await app.runtime.deps.audit.flush();

    const victimRows = await auditRows(app, victim.projectId);
    expect(victimRows).toHaveLength(100);
    expect(victimRows.map((row) => row.target_id).sort()).toEqual([...created].sort());
    expect(
      victimRows.every((row) => row.action === 'POST /v1/payment-links/' && row.outcome === 'succeeded'),
    ).toBe(true);
    // The hostile requests are on the record too, as refusals, with the NUL byte made storable.
    const attackerRows = await auditRows(app, attacker.projectId);
    expect(attackerRows.filter((row) => row.action === 'POST /v1/payment-links/:linkId/deactivate/')).toEqual(
      Array(10).fill({
        project_id: attacker.projectId,
        action: 'POST /v1/payment-links/:linkId/deactivate/',
        outcome: 'refused',
        target_type: 'payment_link',
        target_id: '\ufffd',
      }),
    );
    expect(attackerRows.filter((row) => row.action === 'graphql.removeUser')).toHaveLength(10);
    expect(app.logs.join('')).not.toContain('audit entry lost');
  });

  it("writes a write's entry in the write's own transaction: it is there when the answer is", async () => {
    const project = await seedProject(app);
    const api = restClient(app.baseUrl, project.apiKey);
    const byRequest = (requestId: string) =>
      sql<AuditRow>(
        app.databaseUrl,
        'select project_id, action, outcome, target_type, target_id from audit_events where request_id = $1',
        [requestId],
      );
    for (let i = 0; i < 5; i++) {
      const { body: link, headers } = await api.post<{ id: string }>('/v1/payment-links/', {
        amount: 700,
        currency: 'EUR',
      });
      // No wait, no flush: the answer came after the commit that wrote the link and its entry together.
      const [row] = await byRequest(headers.get('x-request-id')!);
      expect(row).toMatchObject({
        project_id: project.projectId,
        action: 'POST /v1/payment-links/',
        outcome: 'succeeded',
      });
      // The created link's id, read from the answer, completes the entry a moment later.
      await eventually(
        async () => (await byRequest(headers.get('x-request-id')!))[0]?.target_id === link.id,
        5000,
      );
    }
  });

  it('logs an entry it cannot write at error level and counts it, and writes the others of its batch', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    // The database refuses this one entry (as it would an entry it cannot store), and only this one.
    await sql(
      app.databaseUrl,
      `create function refuse_marked_entry() returns trigger language plpgsql as $$
       begin
         if new.action = 'graphql.removeUser' and new.target_id = 'refuse-me' then
           raise exception 'refused by the test';
         end if;
         return new;
       end $$;
       create trigger refuse_marked_entry before insert on audit_events
         for each row execute function refuse_marked_entry();`,
    );
    const failedBefore = await failedEntries(app);
    await Promise.all([
      gql('mutation { removeUser(id: "refuse-me") { userErrors { code } } }'),
      ...Array.from({ length: 5 }, () =>
        gql('mutation { removeUser(id: "not-a-user") { userErrors { code } } }'),
      ),
    ]);
    await eventually(async () => (await failedEntries(app)) === failedBefore + 1, 10_000);
    const rows = await auditRows(app, project.projectId);
    expect(rows.filter((row) => row.action === 'graphql.removeUser')).toHaveLength(5);
    expect(app.logs.filter((line) => line.includes('audit entry lost'))).toHaveLength(1);
    expect(app.logs.find((line) => line.includes('audit entry lost'))).toContain('"level":50');
  });
});

async function failedEntries(app: TestApp): Promise<number> {
  const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
  const family = parsePrometheusTextFormat(text).find(
    (metric) => metric.name === 'audit_entries_failed_total',
  );
  return Number(family?.metrics[0]?.value ?? Number.NaN);
}
