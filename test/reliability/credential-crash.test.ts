import { randomUUID } from 'node:crypto';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { basicAuth } from '../helpers/http.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { type PortalSession, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

type Json = Record<string, any>;

const SERVER_ENV = {
  IDEMPOTENCY_SECRET: 'test-idempotency-secret-of-32-characters',
  GRAPHQL_TRUSTED_DOCUMENTS: 'off',
};

/**
 * A key's create or roll, and a user's invitation, each killed (SIGKILL) right after its transaction committed,
 * before its answer was stored or sent, then sent again with the same Idempotency-Key to a new process. Only the
 * hash of the credential was kept, and nobody saw it: the retry must answer the one key or user the first attempt
 * made, with a credential that works, not make a second one beside an orphan nobody can use.
 */
describe('credentials made by a process that died before answering', () => {
  let databaseUrl: string;
  let setup: TestApp;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    setup = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await setup.stop();
  });

  const mutate = (baseUrl: string, session: PortalSession, query: string, headers: Record<string, string>) =>
    fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        ...headers,
      },
      body: JSON.stringify({ query }),
    }).then(async (response) => (await response.json()) as Json);
  const authenticates = async (baseUrl: string, apiKey: string) =>
    (await fetch(`${baseUrl}/v1/orders/${randomUUID()}/`, { headers: { authorization: basicAuth(apiKey) } }))
      .status === 404;

  it('answers the retry with the key or user made, with a working credential, and makes no second one', async () => {
    const { projectId, apiKey } = await seedProject(setup);
    const admin = await seedUser(setup, projectId, 'admin');
    const [{ id: projectKeyId }] = await sql<{ id: string }>(
      databaseUrl,
      'select id from api_keys where project_id = $1',
      [projectId],
    );
    const email = `invited-${randomUUID()}@shop.example`;
    const requests: [string, string][] = [
      ['api-key.after-commit', 'mutation { createApiKey(label: "crash-made") { apiKey { id } secret } }'],
      [
        'api-key.after-commit',
        `mutation { rollApiKey(id: "${projectKeyId}", overlap: "PT1H") { apiKey { id } secret previousKey { id } } }`,
      ],
      [
        'user.after-commit',
        `mutation { createUser(input: {email: "${email}", role: VIEWER}) { user { id } password } }`,
      ],
    ];
    const keys = requests.map(() => randomUUID());

    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      ...SERVER_ENV,
      GATEWAY_CRASH_MODE: 'park',
    });
    const session = await signIn(server.baseUrl, admin.email, admin.password);
    for (const [index, [point, query]] of requests.entries()) {
      void mutate(server.baseUrl, session, query, {
        'idempotency-key': keys[index]!,
        'x-gateway-crash-at': point,
      }).catch(() => undefined);
    }
    await eventually(
      () => [...server!.output.join('').matchAll(/crash point \S+ parked/g)].length === requests.length,
      30_000,
      'every request parked',
    );
    await server.kill('SIGKILL');

    server = await startServerProcess({ DATABASE_URL: databaseUrl, ...SERVER_ENV });
    const [made, rolled, invited] = await Promise.all(
      requests.map(([, query], index) =>
        mutate(server!.baseUrl, session, query, { 'idempotency-key': keys[index]! }),
      ),
    );

    // One key made, with the secret answered.
    const crashMade = await sql(databaseUrl, "select id from api_keys where label = 'crash-made'");
    expect(crashMade).toEqual([{ id: made.data.createApiKey.apiKey.id }]);
    expect(await authenticates(server.baseUrl, made.data.createApiKey.secret)).toBe(true);
    // One successor of the rolled key, with the secret answered; the rolled key works on for its overlap.
    const successors = await sql(
      databaseUrl,
      'select id from api_keys where project_id = $1 and id not in ($2, $3)',
      [projectId, projectKeyId, made.data.createApiKey.apiKey.id],
    );
    expect(successors).toEqual([{ id: rolled.data.rollApiKey.apiKey.id }]);
    expect(rolled.data.rollApiKey.previousKey.id).toBe(projectKeyId);
    expect(await authenticates(server.baseUrl, rolled.data.rollApiKey.secret)).toBe(true);
    expect(await authenticates(server.baseUrl, apiKey)).toBe(true);
    // One user invited, whose answered password signs in.
    expect(await sql(databaseUrl, 'select id from merchant_users where email = $1', [email])).toEqual([
      { id: invited.data.createUser.user.id },
    ]);
    await expect(signIn(server.baseUrl, email, invited.data.createUser.password)).resolves.toBeTruthy();
  });
});
