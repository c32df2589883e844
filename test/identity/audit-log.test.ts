import { createUser } from '../../src/modules/identity/commands/create-user.ts';
import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

interface AuditNode {
  action: string;
  outcome: string;
  principal: { kind: string | null; id: string | null; label: string | null };
  clientAddress: string | null;
  target: { type: string; id: string } | null;
  requestId: string | null;
}

const AUDIT = `query ($first: Int, $after: String, $filter: AuditLogFilter) {
  auditLog(first: $first, after: $after, filter: $filter) {
    edges { cursor node { action outcome principal { kind id label } clientAddress target { type id } requestId } }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('the audit log', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
  });
  afterAll(() => app.stop());

  it('records writes by a key (REST and GraphQL) and by a user, sign-ins and failed sign-ins, with no secrets', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const viewer = await seedUser(app, project.projectId, 'viewer');
    const rest = restClient(app.baseUrl, project.apiKey);

    const created = await rest.post<{ id: string }>('/v1/orders/', buildOrder());
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey);
    const refund = await rest.post(`/v1/orders/${paid.id}/refunds/`, { amount: 1 });
    expect(refund.status).toBe(201);
    await rest.post(`/v1/orders/${paid.id}/refunds/`, { amount: 999_999 }); // refused
    await graphqlClient(
      app.baseUrl,
      project.apiKey,
    )('mutation { updateProject(input: { name: "Renamed" }) { userErrors { code } } }');
    await restClient(app.baseUrl).post('/portal/session', {
      email: admin.email,
      password: 'wrong password!',
    });
    const session = await signIn(app.baseUrl, admin.email, admin.password);
    const gql = sessionGraphql(app.baseUrl, session);
    const key = await gql<{ createApiKey: { apiKey: { id: string }; secret: string } }>(
      'mutation { createApiKey(label: "audited") { apiKey { id } secret } }',
    );
    const viewerGql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, viewer.email, viewer.password));
    await viewerGql(
      'mutation { createOrder(input: { amount: 1, currency: "EUR" }) { userErrors { code } } }',
    );

    const nodes = await eventually(async () => {
      const { data } = await gql<{ auditLog: { edges: { node: AuditNode }[] } }>(AUDIT, { first: 100 });
      const found = data!.auditLog.edges.map((edge) => edge.node);
      // Refusals are written shortly after their answer, and so is the target of an entry written in its
      // transaction before the created object had an id (the key below): wait for both.
      const settled =
        found.some((n) => n.action === 'graphql.createOrder') &&
        found.some((n) => n.action === 'graphql.createApiKey' && n.target !== null);
      return settled && found;
    }, 5000);
    const byAction = (action: string) => nodes.filter((node) => node.action === action);
    const refunds = nodes.filter((node) => /^POST \/v1\/orders\/:\w+\/refunds\/$/.test(node.action));
    const keyPrincipal = { kind: 'API_KEY', id: expect.any(String), label: project.apiKey.slice(0, 12) };

    expect(byAction('POST /v1/orders/')).toContainEqual(
      expect.objectContaining({
        outcome: 'SUCCEEDED',
        principal: keyPrincipal,
        target: { type: 'order', id: created.body.id },
      }),
    );
    expect(refunds.map((n) => n.outcome).sort()).toEqual(['REFUSED', 'SUCCEEDED']);
    expect(refunds.find((n) => n.outcome === 'SUCCEEDED')!.target!.type).toBe('order'); // the refund order created
    expect(refunds.find((n) => n.outcome === 'REFUSED')!.target).toEqual({ type: 'order', id: paid.id });
    expect(refunds[0]!.clientAddress).toMatch(/127\.0\.0\.1/);
    expect(refunds[0]!.requestId).toBeTruthy();
    expect(byAction('graphql.updateProject')).toEqual([
      expect.objectContaining({ outcome: 'SUCCEEDED', principal: keyPrincipal }),
    ]);
    expect(byAction('session.sign_in_failed')).toEqual([
      expect.objectContaining({
        outcome: 'REFUSED',
        principal: { kind: 'USER', id: admin.userId, label: admin.email },
      }),
    ]);
    expect(byAction('session.sign_in')).toContainEqual(
      expect.objectContaining({ principal: { kind: 'USER', id: admin.userId, label: admin.email } }),
    );
    expect(byAction('graphql.createApiKey')).toEqual([
      expect.objectContaining({
        outcome: 'SUCCEEDED',
        principal: { kind: 'USER', id: admin.userId, label: admin.email },
        target: { type: 'api_key', id: key.data!.createApiKey.apiKey.id },
      }),
    ]);
    expect(byAction('graphql.createOrder')).toEqual([
      expect.objectContaining({
        outcome: 'REFUSED',
        principal: { kind: 'USER', id: viewer.userId, label: viewer.email },
      }),
    ]);
    // Nothing secret in the whole table: no key, no password, no session token, no card number.
    const dump = JSON.stringify(await sql(app.databaseUrl, 'select * from audit_events'));
    for (const secret of [
      project.apiKey,
      key.data!.createApiKey.secret,
      admin.password,
      session.cookie.split('=')[1]!,
      session.csrfToken,
      '4111111111111111',
    ]) {
      expect(dump).not.toContain(secret);
    }
  });

  it("keeps where a failed sign-in came from out of the projects' logs when its address has accounts in two", async () => {
    const [mine, theirs] = await Promise.all([seedProject(app), seedProject(app)]);
    const staff = await seedUser(app, mine.projectId, 'admin');
    const failedSignIn = () =>
      fetch(`${app.baseUrl}/portal/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: staff.email, password: 'mistyped password' }),
      });
    const failures = () =>
      sql<{ project_id: string; client_address: string | null }>(
        app.databaseUrl,
        `select project_id, client_address from audit_events
          where action = 'session.sign_in_failed' and principal_label = $1 order by occurred_at`,
        [staff.email],
      );
    expect((await failedSignIn()).status).toBe(401);
    // The address's one account: its project sees where the attempt came from.
    await eventually(async () => (await failures()).length === 1, 5000);
    expect(await failures()).toEqual([
      { project_id: mine.projectId, client_address: expect.stringMatching(/127\.0\.0\.1/) },
    ]);

    // Another merchant invites the same address: the next mistyped password is in both logs, from nowhere.
    await createUser(app.runtime.deps, theirs.projectId, { email: staff.email, role: 'viewer' });
    expect((await failedSignIn()).status).toBe(401);
    await eventually(async () => (await failures()).length === 3, 5000);
    expect((await failures()).slice(1).sort((a, b) => a.project_id.localeCompare(b.project_id))).toEqual(
      [mine.projectId, theirs.projectId].sort().map((project_id) => ({ project_id, client_address: null })),
    );
  });

  it('pages newest first, filters, and is for admins only', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const developer = await seedUser(app, project.projectId, 'developer');
    const rest = restClient(app.baseUrl, project.apiKey);
    for (let i = 0; i < 5; i++) await rest.post('/v1/orders/', buildOrder());
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const filter = { actions: ['POST /v1/orders/'] };
    await eventually(async () => {
      const { data } = await gql<{ auditLog: { edges: unknown[] } }>(AUDIT, { first: 10, filter });
      return data!.auditLog.edges.length === 5;
    }, 5000);
    const first = await gql<{
      auditLog: { edges: { cursor: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
    }>(AUDIT, { first: 3, filter });
    expect(first.data!.auditLog.pageInfo.hasNextPage).toBe(true);
    const second = await gql<{ auditLog: { edges: unknown[]; pageInfo: { hasNextPage: boolean } } }>(AUDIT, {
      first: 3,
      after: first.data!.auditLog.pageInfo.endCursor,
      filter,
    });
    expect(second.data!.auditLog.edges).toHaveLength(2);
    expect(second.data!.auditLog.pageInfo.hasNextPage).toBe(false);

    const developerGql = sessionGraphql(
      app.baseUrl,
      await signIn(app.baseUrl, developer.email, developer.password),
    );
    expect((await developerGql(AUDIT)).errors![0]!.extensions!.code).toBe('FORBIDDEN');
    // Another project sees none of it.
    const other = await seedProject(app);
    const otherLog = await graphqlClient(app.baseUrl, other.apiKey)<{ auditLog: { edges: unknown[] } }>(
      AUDIT,
      { filter },
    );
    expect(otherLog.data!.auditLog.edges).toEqual([]);
  });
});
