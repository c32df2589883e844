import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { keyProgram } from '../../src/cli/key-program.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { heardByApp, runInProcess } from '../helpers/cli.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const run = promisify(execFile);
const CLI = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', 'src/cli/key.ts'];

const KEY_FIELDS = 'id label prefix created lastUsed expires revoked active';

interface RollAnswer {
  apiKey: { id: string } | null;
  secret: string | null;
  userErrors: { field: string | null; code: string; message: string }[];
}

interface KeyView {
  id: string;
  label: string | null;
  prefix: string;
  lastUsed: string | null;
  expires: string | null;
  revoked: string | null;
  active: boolean;
}

describe('the API key lifecycle', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
  });
  afterAll(() => app.stop());

  const developerOf = async (projectId: string, role: 'developer' | 'admin' = 'developer') => {
    const user = await seedUser(app, projectId, role);
    return sessionGraphql(app.baseUrl, await signIn(app.baseUrl, user.email, user.password));
  };
  // The project's own key is an admin key: only an admin may roll it (a developer would get its secret).
  const adminOf = (projectId: string) => developerOf(projectId, 'admin');
  const orderWith = (apiKey: string) => restClient(app.baseUrl, apiKey).post('/v1/orders/', buildOrder());
  const successorsOf = async (keyId: string) =>
    (
      await sql<{ id: string }>(app.databaseUrl, 'select id from api_keys where rolled_from_id = $1', [keyId])
    ).map((row) => row.id);

  it('creates sk_ keys that work at once and are shown once; old pk_ keys keep working', async () => {
    const project = await seedProject(app);
    // A key issued before `sk_` keys existed.
    const legacy = `pk_test_${'L'.repeat(32)}`;
    await sql(
      app.databaseUrl,
      "insert into api_keys (id, project_id, prefix, key_hash, created_at) values (gen_random_uuid(), $1, $2, encode(sha256($3::bytea), 'hex'), now())",
      [project.projectId, legacy.slice(0, 12), legacy],
    );
    expect((await orderWith(legacy)).status).toBe(201);

    const gql = await developerOf(project.projectId);
    const created = await gql<{ createApiKey: { apiKey: KeyView; secret: string } }>(
      `mutation { createApiKey(label: "shop backend") { apiKey { ${KEY_FIELDS} } secret userErrors { code } } }`,
    );
    const { apiKey, secret } = created.data!.createApiKey;
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(apiKey).toMatchObject({
      label: 'shop backend',
      prefix: secret.slice(0, 12),
      active: true,
      lastUsed: null,
    });
    expect((await orderWith(secret)).status).toBe(201);

    const listed = await gql<{ apiKeys: KeyView[] }>(`{ apiKeys { ${KEY_FIELDS} } }`);
    expect(listed.data!.apiKeys.map((key) => key.prefix)).toEqual(
      expect.arrayContaining([secret.slice(0, 12), legacy.slice(0, 12), project.apiKey.slice(0, 12)]),
    );
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
  });

  it('records when a key was last used, at most once a minute and after the answer', async () => {
    const project = await seedProject(app);
    const lastUsed = async () =>
      (
        await sql<{ last_used_at: Date | null }>(
          app.databaseUrl,
          'select last_used_at from api_keys where project_id = $1',
          [project.projectId],
        )
      )[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    await orderWith(project.apiKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await orderWith(project.apiKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsed()).toEqual(first);
    app.advanceClock(61_000);
    await orderWith(project.apiKey);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('rolls a key: the new one works, the old one keeps working for the overlap, then stops', async () => {
    const project = await seedProject(app);
    const gql = await adminOf(project.projectId);
    const [old] = (await gql<{ apiKeys: KeyView[] }>('{ apiKeys { id } }')).data!.apiKeys;
    const rolled = await gql<{ rollApiKey: { apiKey: KeyView; secret: string; previousKey: KeyView } }>(
      `mutation ($id: ID!) { rollApiKey(id: $id, overlap: "PT2H") { apiKey { ${KEY_FIELDS} } secret previousKey { ${KEY_FIELDS} } userErrors { code } } }`,
      { id: old!.id },
    );
    const { secret, previousKey, apiKey } = rolled.data!.rollApiKey;
    expect(apiKey.label).toBe('default');
    expect(previousKey).toMatchObject({ id: old!.id, active: true, expires: expect.any(String) });
    expect((await orderWith(secret)).status).toBe(201);
    expect((await orderWith(project.apiKey)).status).toBe(201);
    app.advanceClock(2 * 60 * 60_000 + 1000);
    expect((await orderWith(project.apiKey)).status).toBe(401);
    expect((await orderWith(secret)).status).toBe(201);
  });

  it('gives a key one successor: rolling it again during its overlap is refused, rolling the successor is not', async () => {
    const project = await seedProject(app);
    const gql = await adminOf(project.projectId);
    const [old] = (await gql<{ apiKeys: KeyView[] }>('{ apiKeys { id } }')).data!.apiKeys;
    const roll = (id: string) =>
      gql<{ rollApiKey: RollAnswer }>(
        'mutation ($id: ID!) { rollApiKey(id: $id, overlap: "PT1H") { apiKey { id } secret userErrors { field code message } } }',
        { id },
      );
    const first = (await roll(old!.id)).data!.rollApiKey;
    expect(first.userErrors).toEqual([]);

    const second = (await roll(old!.id)).data!.rollApiKey;
    expect(second).toMatchObject({ apiKey: null, secret: null });
    expect(second.userErrors).toEqual([
      { field: 'id', code: 'api_key_already_rolled', message: expect.stringContaining(first.apiKey!.id) },
    ]);
    expect(await successorsOf(old!.id)).toEqual([first.apiKey!.id]);
    expect((await orderWith(project.apiKey)).status).toBe(201); // the overlap goes on: nothing changed

    const next = (await roll(first.apiKey!.id)).data!.rollApiKey;
    expect(next.userErrors).toEqual([]);
    expect(await successorsOf(first.apiKey!.id)).toEqual([next.apiKey!.id]);
  });

  it('makes one successor of ten rolls of one key at once; the nine others are refused', async () => {
    const project = await seedProject(app);
    const gql = await adminOf(project.projectId);
    const [old] = (await gql<{ apiKeys: KeyView[] }>('{ apiKeys { id } }')).data!.apiKeys;

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        gql<{ rollApiKey: RollAnswer }>(
          'mutation ($id: ID!) { rollApiKey(id: $id) { apiKey { id } secret userErrors { field code message } } }',
          { id: old!.id },
        ),
      ),
    );

    const rolled = answers.map((answer) => answer.data!.rollApiKey);
    const made = rolled.filter((answer) => answer.secret !== null);
    expect(made).toHaveLength(1);
    expect(
      rolled.filter((answer) => answer.secret === null).map((answer) => answer.userErrors[0]!.code),
    ).toEqual(Array(9).fill('api_key_already_rolled'));
    expect(await successorsOf(old!.id)).toEqual([made[0]!.apiKey!.id]);
    const [{ count }] = await sql<{ count: string }>(
      app.databaseUrl,
      'select count(*) from api_keys where project_id = $1',
      [project.projectId],
    );
    expect(Number(count)).toBe(2);
    // The database itself holds a key to one successor, whatever path a second one took.
    await expect(
      sql(
        app.databaseUrl,
        `insert into api_keys (id, project_id, prefix, key_hash, created_at, rolled_from_id)
         values (gen_random_uuid(), $1, 'sk_test_XXXX', 'x', now(), $2)`,
        [project.projectId, old!.id],
      ),
    ).rejects.toThrow(/api_keys_rolled_from_idx/);
  });

  it('refuses an overlap beyond 24 hours and rolls with PT0S to stop the old key at once', async () => {
    const project = await seedProject(app);
    const gql = await adminOf(project.projectId);
    const [old] = (await gql<{ apiKeys: KeyView[] }>('{ apiKeys { id } }')).data!.apiKeys;
    const tooLong = await gql<{ rollApiKey: { userErrors: { field: string; code: string }[] } }>(
      'mutation ($id: ID!) { rollApiKey(id: $id, overlap: "PT25H") { secret userErrors { field code } } }',
      { id: old!.id },
    );
    expect(tooLong.data!.rollApiKey.userErrors).toEqual([{ field: 'overlap', code: 'invalid_request' }]);
    expect((await orderWith(project.apiKey)).status).toBe(201); // nothing changed
    await gql('mutation ($id: ID!) { rollApiKey(id: $id, overlap: "PT0S") { secret } }', { id: old!.id });
    expect((await orderWith(project.apiKey)).status).toBe(401);
  });

  it("revokes a key at once; revoking again, or another project's key, is refused", async () => {
    const project = await seedProject(app);
    const other = await seedProject(app);
    const gql = await developerOf(project.projectId);
    const [key] = (await gql<{ apiKeys: KeyView[] }>('{ apiKeys { id } }')).data!.apiKeys;
    expect((await orderWith(project.apiKey)).status).toBe(201); // cached now
    const revoked = await gql<{ revokeApiKey: { apiKey: KeyView } }>(
      `mutation ($id: ID!) { revokeApiKey(id: $id) { apiKey { ${KEY_FIELDS} } userErrors { code } } }`,
      { id: key!.id },
    );
    expect(revoked.data!.revokeApiKey.apiKey).toMatchObject({ active: false, revoked: expect.any(String) });
    expect((await orderWith(project.apiKey)).status).toBe(401);
    const again = await gql<{ revokeApiKey: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { revokeApiKey(id: $id) { userErrors { code } } }',
      { id: key!.id },
    );
    expect(again.data!.revokeApiKey.userErrors).toEqual([{ code: 'api_key_not_active' }]);
    const [otherKey] = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from api_keys where project_id = $1',
      [other.projectId],
    );
    const foreign = await gql<{ revokeApiKey: { userErrors: { code: string }[] } }>(
      'mutation ($id: ID!) { revokeApiKey(id: $id) { userErrors { code } } }',
      { id: otherKey!.id },
    );
    expect(foreign.data!.revokeApiKey.userErrors).toEqual([{ code: 'not_found' }]);
    expect((await orderWith(other.apiKey)).status).toBe(201);
  });

  it('never lets an API key manage keys, so a leaked key cannot mint more', async () => {
    const project = await seedProject(app);
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const created = await gql<{ createApiKey: { secret: string | null; userErrors: { code: string }[] } }>(
      'mutation { createApiKey(label: "x") { secret userErrors { code } } }',
    );
    expect(created.data!.createApiKey).toEqual({ secret: null, userErrors: [{ code: 'forbidden' }] });
    expect((await gql('{ apiKeys { id } }')).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('lists, creates, rolls and revokes keys from the command line, each printing one JSON object', async () => {
    const project = await seedProject(app);
    const env = { DATABASE_URL: app.databaseUrl, LOG_LEVEL: 'warn' };
    /** `npm run key:…` as a process of its own, as a person runs it: the one real spawn of src/cli/key.ts. */
    const spawned = async (...args: string[]) => {
      const { stdout } = await run(process.execPath, [...CLI, ...args, '--json'], {
        env: { ...process.env, ...env },
      });
      return JSON.parse(stdout);
    };
    /** The same program in this process: what it prints and its exit code are the same. */
    const cli = async (...args: string[]) =>
      JSON.parse((await runInProcess(keyProgram, [...args, '--json'], env)).stdout);
    const created = await spawned('create', '--project', project.projectId, '--label', 'cli');
    expect(Object.keys(created)).toEqual(['id', 'api_key']);
    expect((await orderWith(created.api_key)).status).toBe(201);
    const rolled = await heardByApp(app, { scope: 'api_key', id: created.id }, () =>
      cli('roll', '--id', created.id, '--overlap', 'PT0S'),
    );
    expect(Object.keys(rolled)).toEqual(['id', 'api_key']);
    expect((await orderWith(created.api_key)).status).toBe(401);
    expect((await orderWith(rolled.api_key)).status).toBe(201);
    const listed = await cli('list', '--project', project.projectId);
    expect(listed.keys).toHaveLength(3);
    expect(listed.keys.find((key: { id: string }) => key.id === rolled.id)).toMatchObject({
      label: 'cli',
      active: true,
    });
    const revoked = await heardByApp(app, { scope: 'api_key', id: rolled.id }, () =>
      cli('revoke', '--id', rolled.id),
    );
    expect(revoked).toEqual({ id: rolled.id, revoked: expect.any(String) });
    expect((await orderWith(rolled.api_key)).status).toBe(401);
    // A real Node process starting (about 2 s of CPU alone) can wait long on a busy machine.
  }, 90_000);
});
