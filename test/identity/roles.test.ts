import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { type SeededUser, seedUser } from '../factories/user.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { minimalOperations } from '../helpers/minimal-operations.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Row counts of every table a write could touch: equal before and after means nothing was written. */
async function tableCounts(databaseUrl: string): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>(
    databaseUrl,
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('mikro_orm_migrations', 'merchant_sessions', 'idempotency_keys', 'audit_events', 'rate_limit_counters') order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await sql<{ n: string }>(databaseUrl, `select count(*) as n from "${table_name}"`);
    counts[table_name] = Number(row!.n);
  }
  return counts;
}

describe('roles, enforced for every GraphQL field in one place', () => {
  let app: TestApp;
  let project: Awaited<ReturnType<typeof seedProject>>;
  let admin: SeededUser;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
    project = await seedProject(app);
    admin = await seedUser(app, project.projectId, 'admin');
  });
  afterAll(() => app.stop());

  const as = async (user: SeededUser) =>
    sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password));

  it('refuses a viewer every mutation of the schema but changing its own password, before its resolver runs, and writes nothing', async () => {
    const viewer = await as(await seedUser(app, project.projectId, 'viewer'));
    // A first read: the project's cost budget (a row of its own) exists before the counts are taken.
    await viewer('{ viewer { role } }');
    const before = await tableCounts(app.databaseUrl);
    const schema = buildSdlSchema();
    // A viewer may change its own password (`@requires(role: VIEWER)`); every other mutation needs more.
    const requiredRole = (field: string) =>
      schema
        .getMutationType()!
        .getFields()
        [field]!.astNode?.directives?.find((directive) => directive.name.value === 'requires')
        ?.arguments?.find((argument) => argument.name.value === 'role')?.value;
    const all = minimalOperations(schema, 'mutation');
    const forViewers = all.filter(({ field }) => {
      const role = requiredRole(field);
      return role?.kind === 'EnumValue' && role.value === 'VIEWER';
    });
    expect(forViewers.map(({ field }) => field)).toEqual(['changePassword']);
    const mutations = all.filter((operation) => !forViewers.includes(operation));
    expect(mutations.length).toBeGreaterThan(15);
    for (const { field, document, hasUserErrors } of mutations) {
      const response = await viewer(document);
      expect({ field, status: response.status }).toEqual({ field, status: 200 });
      if (hasUserErrors) {
        expect({ field, errors: response.errors }).toEqual({ field, errors: undefined });
        expect({
          field,
          userErrors: (response.data as Record<string, { userErrors: unknown[] }>)[field]!.userErrors,
        }).toEqual({
          field,
          userErrors: [{ field: null, code: 'forbidden', message: expect.stringContaining('viewer role') }],
        });
      } else {
        expect({ field, code: response.errors?.[0]?.extensions?.code }).toEqual({ field, code: 'FORBIDDEN' });
      }
    }
    expect(await tableCounts(app.databaseUrl)).toEqual(before);
    // Each refused attempt is in the audit log, as refused.
    await app.runtime.deps.audit.flush();
    const audited = await sql<{ outcome: string; n: string }>(
      app.databaseUrl,
      "select outcome, count(*) as n from audit_events where action like 'graphql.%' group by outcome",
    );
    expect(audited).toEqual([{ outcome: 'refused', n: String(mutations.length) }]);
  });

  it('lets a viewer read: the project, orders, one order', async () => {
    const order = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );
    const viewer = await as(await seedUser(app, project.projectId, 'viewer'));
    const { data, errors } = await viewer<{ order: { id: string }; project: { id: string } }>(
      'query ($id: ID!) { project { id } order(id: $id) { id } orders(first: 5) { edges { node { id } } } }',
      { id: order.body.id },
    );
    expect(errors).toBeUndefined();
    expect(data!.order.id).toBe(order.body.id);
  });

  it('lets a developer write, but not manage users', async () => {
    const developer = await as(await seedUser(app, project.projectId, 'developer'));
    const created = await developer<{ createOrder: { order: { id: string } | null; userErrors: unknown[] } }>(
      'mutation { createOrder(input: { amount: 995, currency: "EUR" }) { order { id } userErrors { code } } }',
    );
    expect(created.data!.createOrder.userErrors).toEqual([]);
    expect(created.data!.createOrder.order!.id).toBeTruthy();
    const invite = await developer<{ createUser: { userErrors: { code: string }[] } }>(
      'mutation { createUser(input: { email: "new@shop.example", role: VIEWER }) { user { id } userErrors { code } } }',
    );
    expect(invite.data!.createUser.userErrors).toEqual([{ code: 'forbidden' }]);
    const list = await developer('{ users { id } }');
    expect(list.errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('lets an admin invite, list and remove users; a removed user is refused at once', async () => {
    const gql = await as(admin);
    const invited = await gql<{
      createUser: { user: { id: string; email: string; role: string }; password: string };
    }>(
      'mutation { createUser(input: { email: "Invited@Shop.example", role: DEVELOPER }) { user { id email role } password userErrors { code } } }',
    );
    const { user, password } = invited.data!.createUser;
    expect(user).toMatchObject({ email: 'invited@shop.example', role: 'DEVELOPER' });
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const again = await gql<{ createUser: { userErrors: { code: string; field: string }[] } }>(
      'mutation { createUser(input: { email: "invited@shop.example", role: VIEWER }) { user { id } userErrors { field code } } }',
    );
    expect(again.data!.createUser.userErrors).toEqual([{ field: 'email', code: 'email_taken' }]);

    const invitedSession = await as({
      ...admin,
      email: user.email,
      password,
      role: 'developer',
      userId: user.id,
    });
    expect((await invitedSession('{ viewer { role } }')).data).toEqual({ viewer: { role: 'DEVELOPER' } });
    const listed = await gql<{ users: { email: string }[] }>('{ users { email } }');
    expect(listed.data!.users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, user.email]));

    const removed = await gql<{ removeUser: { removedUserId: string } }>(
      'mutation ($id: ID!) { removeUser(id: $id) { removedUserId userErrors { code } } }',
      { id: user.id },
    );
    expect(removed.data!.removeUser.removedUserId).toBe(user.id);
    expect((await invitedSession('{ viewer { role } }')).status).toBe(401);
  });

  it('never removes the last admin of a project', async () => {
    const soleProject = await seedProject(app);
    const sole = await seedUser(app, soleProject.projectId, 'admin');
    const gql = await as(sole);
    const response = await gql<{ removeUser: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { removeUser(id: $id) { removedUserId userErrors { code } } }',
      { id: sole.userId },
    );
    expect(response.data!.removeUser.userErrors).toEqual([{ code: 'last_admin' }]);
  });

  it('gives API keys the whole project except key and user management', async () => {
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const viewer = await gql('{ viewer { role principal user { id } apiKeyPrefix } }');
    expect(viewer.data).toEqual({
      viewer: { role: 'ADMIN', principal: 'API_KEY', user: null, apiKeyPrefix: project.apiKey.slice(0, 12) },
    });
    const invite = await gql<{ createUser: { userErrors: { code: string; message: string }[] } }>(
      'mutation { createUser(input: { email: "key@shop.example", role: ADMIN }) { userErrors { code message } } }',
    );
    expect(invite.data!.createUser.userErrors).toEqual([
      { code: 'forbidden', message: expect.stringContaining('signed-in merchant user') },
    ]);
    expect((await gql('{ users { id } }')).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it("refuses another project's user every object of this project, as if it did not exist", async () => {
    const order = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
      '/v1/orders/',
      buildOrder(),
    );
    const other = await seedProject(app);
    const stranger = await as(await seedUser(app, other.projectId, 'admin'));
    const read = await stranger<{ order: unknown }>('query ($id: ID!) { order(id: $id) { id } }', {
      id: order.body.id,
    });
    expect(read.data?.order ?? null).toBeNull();
    const removal = await stranger<{ removeUser: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { removeUser(id: $id) { removedUserId userErrors { code } } }',
      { id: admin.userId },
    );
    expect(removal.data!.removeUser.userErrors).toEqual([{ code: 'not_found' }]);
    const refund = await stranger<{ refundOrder: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { refundOrder(orderId: $id, amount: 1) { userErrors { code } } }',
      { id: order.body.id },
    );
    expect(refund.data!.refundOrder.userErrors[0]!.code).toBe('not_found');
  });
});
