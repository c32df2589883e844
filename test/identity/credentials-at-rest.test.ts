import { randomUUID } from 'node:crypto';
import { createApiKey } from '../../src/modules/identity/commands/create-api-key.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { everyRowAsText, sql } from '../helpers/database.ts';
import { basicAuth } from '../helpers/http.ts';
import { type PortalSession, SESSIONS_SEND_ANY_DOCUMENT, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * A credential shown once (the SDL's `@shownOnce`) is kept by the server only as a hash, or (a webhook signing
 * secret, which must sign) in its own column. The answer that showed it is stored for its Idempotency-Key, so a
 * retry gets it again instead of a second credential: that copy must be sealed, not a live secret in clear.
 */
describe('credentials shown once, under an Idempotency-Key', () => {
  let app: TestApp;
  let session: PortalSession;
  let projectId: string;
  let viewerId: string;
  let projectKeyId: string;

  beforeAll(async () => {
    app = await startTestApp(SESSIONS_SEND_ANY_DOCUMENT);
    ({ projectId } = await seedProject(app));
    const admin = await seedUser(app, projectId, 'admin');
    viewerId = (await seedUser(app, projectId, 'viewer')).userId;
    session = await signIn(app.baseUrl, admin.email, admin.password);
    [{ id: projectKeyId }] = await sql<{ id: string }>(
      app.databaseUrl,
      'select id from api_keys where project_id = $1',
      [projectId],
    );
  });
  afterAll(() => app.stop());

  /** One mutation from the portal session (the admin's, unless `as`) with `key`, as the portal sends one. */
  const send = async (query: string, key: string, as: PortalSession = session) => {
    const response = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: as.cookie,
        'x-csrf-token': as.csrfToken,
        'idempotency-key': key,
      },
      body: JSON.stringify({ query }),
    });
    return { replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as Json };
  };
  const storedAnswerOf = async (key: string) =>
    (
      await sql<{ response_body: string }>(
        app.databaseUrl,
        'select response_body from idempotency_keys where project_id = $1 and key = $2',
        [projectId, key],
      )
    )[0]!.response_body;

  const CASES: [string, () => string, (data: Json) => string][] = [
    [
      'a new API key',
      () => 'mutation { createApiKey(label: "shop backend") { secret userErrors { code } } }',
      (data) => data.createApiKey.secret,
    ],
    [
      'a rolled API key',
      () => `mutation { rollApiKey(id: "${projectKeyId}", overlap: "PT1H") { secret userErrors { code } } }`,
      (data) => data.rollApiKey.secret,
    ],
    [
      "a new user's generated password",
      () =>
        `mutation { createUser(input: {email: "${randomUUID()}@shop.example", role: VIEWER}) { password userErrors { code } } }`,
      (data) => data.createUser.password,
    ],
    [
      'a password reset link',
      () => `mutation { createPasswordReset(userId: "${viewerId}") { url } }`,
      (data) => data.createPasswordReset.url,
    ],
    [
      'a webhook signing secret',
      () => 'mutation { enableWebhookSigning { secret userErrors { code } } }',
      (data) => data.enableWebhookSigning.secret,
    ],
    [
      "a webhook signing secret's rotation",
      () => 'mutation { rotateWebhookSigningSecret(overlap: "PT1H") { secret userErrors { code } } }',
      (data) => data.rotateWebhookSigningSecret.secret,
    ],
  ];
  const shown: string[] = [];

  it.each(CASES)(
    'stores the answer showing %s sealed, and replays it whole to a retry',
    async (_name, query, credentialOf) => {
      const key = randomUUID();
      const document = query();
      const first = await send(document, key);
      const credential = credentialOf(first.body.data);
      expect(credential).toEqual(expect.any(String));
      shown.push(credential);

      const stored = await storedAnswerOf(key);
      expect(stored).toMatch(/^sealed:v1:/);
      expect(stored).not.toContain(credential);

      const retry = await send(document, key);
      expect(retry).toEqual({ replayed: 'true', body: first.body });
    },
  );

  it('keeps none of those credentials in clear anywhere, but for the signing secrets in their columns', async () => {
    const [signing] = await sql<{ current: string; previous: string }>(
      app.databaseUrl,
      `select webhook_signing_secret as current, webhook_signing_secret_previous as previous
         from projects where id = $1`,
      [projectId],
    );
    const signingSecrets = [signing!.current, signing!.previous];
    const inClear = await everyRowAsText(app.databaseUrl);
    expect(shown).toHaveLength(CASES.length);
    const leaked = shown.filter(
      (shownOnce) => !signingSecrets.includes(shownOnce) && inClear.includes(shownOnce),
    );
    expect(leaked).toEqual([]);
    // The signing secrets are there once each: in their columns, not in a stored answer too.
    for (const secret of signingSecrets) expect(inClear.split(secret)).toHaveLength(2);
  });

  it('replays a credential to its own caller only: another user or a viewer key of the project gets 422', async () => {
    const key = randomUUID();
    const document = 'mutation { createApiKey(label: "deploy") { secret userErrors { code } } }';
    const first = await send(document, key);
    expect(first.body.data.createApiKey.secret).toEqual(expect.any(String));

    const otherAdmin = await seedUser(app, projectId, 'admin');
    const asOtherAdmin = await send(
      document,
      key,
      await signIn(app.baseUrl, otherAdmin.email, otherAdmin.password),
    );
    const viewerKey = (
      await createApiKey(app.runtime.deps, projectId, { label: 'viewer', role: 'viewer', maker: null })
    ).secret;
    const asViewerKey = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: basicAuth(viewerKey),
        'idempotency-key': key,
      },
      body: JSON.stringify({ query: document }),
    });
    for (const answer of [asOtherAdmin.body, await asViewerKey.json()]) {
      expect(answer).toMatchObject({ error: { status: 422, type: 'idempotency_key_reused' } });
      expect(JSON.stringify(answer)).not.toContain(first.body.data.createApiKey.secret);
    }
  });

  it('stores an answer without a credential as it was', async () => {
    const key = randomUUID();
    const answer = await send(
      'mutation { createOrder(input: {amount: 995, currency: "EUR"}) { order { id } } }',
      key,
    );
    expect(await storedAnswerOf(key)).toContain(answer.body.data.createOrder.order.id);
  });
});
