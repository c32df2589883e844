import { readFileSync } from 'node:fs';
import { PERSISTED_DOCUMENTS_FILE } from '../../portal/build.ts';
import { documentIdOf } from '../../src/platform/graphql/trusted-documents.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { basicAuth, restClient } from '../helpers/http.ts';
import { type PortalSession, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const MANIFEST = JSON.parse(readFileSync(PERSISTED_DOCUMENTS_FILE, 'utf8')) as Record<string, string>;

/** The manifest's id of the portal operation with this name. */
function trustedId(operationName: string): string {
  const found = Object.entries(MANIFEST).find(([, text]) =>
    new RegExp(`(query|mutation|subscription) ${operationName}\\b`).test(text),
  );
  if (!found) throw new Error(`no trusted document ${operationName}`);
  return found[0];
}

const ARBITRARY = '{ viewer { role project { name } } }';
const ARBITRARY_WRITE =
  'mutation { createOrder(input: { amount: 123, currency: "EUR" }) { order { id } userErrors { code } } }';

/** POST /graphql with a session cookie and its CSRF header, as the portal sends it. */
async function asBrowser(app: TestApp, session: PortalSession, body: Record<string, unknown>) {
  const response = await fetch(`${app.baseUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as { data?: any; errors?: any[] }) };
}

describe('trusted documents', () => {
  let app: TestApp;
  let strict: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    [app, strict, off] = await Promise.all([
      startTestApp(), // the default: GRAPHQL_TRUSTED_DOCUMENTS=browsers
      startTestApp({ GRAPHQL_TRUSTED_DOCUMENTS: 'all' }),
      startTestApp({ GRAPHQL_TRUSTED_DOCUMENTS: 'off' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([app.stop(), strict.stop(), off.stop()]);
  });

  async function signedIn(target: TestApp) {
    const project = await seedProject(target);
    const user = await seedUser(target, project.projectId, 'developer');
    return { project, session: await signIn(target.baseUrl, user.email, user.password) };
  }

  it('lets a signed-in browser run the portal operations by their documentId', async () => {
    const { project, session } = await signedIn(app);
    const answer = await asBrowser(app, session, { documentId: trustedId('PortalViewer') });
    expect(answer.status).toBe(200);
    expect(answer.data.viewer).toMatchObject({ role: 'DEVELOPER', project: { id: project.projectId } });
    // The manifest's exact text is the same document, so it is trusted too.
    const byText = await asBrowser(app, session, { query: MANIFEST[trustedId('PortalViewer')] });
    expect(byText.data.viewer.role).toBe('DEVELOPER');
  });

  it('refuses any other document from a session with TRUSTED_DOCUMENT_REQUIRED, and runs nothing', async () => {
    const { project, session } = await signedIn(app);
    for (const query of [ARBITRARY, ARBITRARY_WRITE]) {
      const refused = await asBrowser(app, session, { query });
      expect(refused.status).toBe(400);
      expect(refused.data).toBeUndefined();
      expect(refused.errors).toEqual([
        {
          message: expect.stringContaining('Only trusted documents'),
          extensions: { code: 'TRUSTED_DOCUMENT_REQUIRED' },
        },
      ]);
    }
    const orders = await restClient(app.baseUrl, project.apiKey).post<{ orders: unknown[] }>(
      '/v1/search/orders/',
      {
        query: '*',
      },
    );
    expect(orders.body.orders).toEqual([]);
    const unknown = await asBrowser(app, session, { documentId: documentIdOf(ARBITRARY) });
    expect(unknown.status).toBe(400);
    expect(unknown.errors?.[0]?.extensions).toEqual({ code: 'PERSISTED_DOCUMENT_NOT_FOUND' });
  });

  it('lets an API key send any document, or a documentId', async () => {
    const { project } = await signedIn(app);
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    expect((await gql(ARBITRARY)).data).toEqual({
      viewer: { role: 'ADMIN', project: { name: expect.any(String) } },
    });
    const byId = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth(project.apiKey) },
      body: JSON.stringify({ documentId: trustedId('PortalViewer') }),
    });
    expect(((await byId.json()) as { data: any }).data.viewer.role).toBe('ADMIN');
  });

  it('holds API keys to the manifest too with GRAPHQL_TRUSTED_DOCUMENTS=all, and nobody with off', async () => {
    const strictKey = (await seedProject(strict)).apiKey;
    const refused = await graphqlClient(strict.baseUrl, strictKey)(ARBITRARY);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'TRUSTED_DOCUMENT_REQUIRED' });

    const { session } = await signedIn(off);
    const allowed = await asBrowser(off, session, { query: ARBITRARY });
    expect(allowed.data.viewer.role).toBe('DEVELOPER');
  });

  it('holds a session over graphql-ws to the manifest too', async () => {
    const { session } = await signedIn(app);
    const socket = liveClient(
      app.baseUrl,
      { csrfToken: session.csrfToken },
      { cookie: session.cookie, origin: app.baseUrl },
    );
    try {
      await socket.connected;
      const trusted = await socket.client
        .iterate({ query: '', documentId: trustedId('PortalViewer') } as never)
        .next();
      expect((trusted.value as { data: any }).data.viewer.role).toBe('DEVELOPER');
      const refused = await socket.client
        .iterate({ query: ARBITRARY })
        .next()
        .then(
          () => null,
          (errors: { extensions?: unknown }[]) => errors,
        );
      expect(refused?.[0]?.extensions).toEqual({ code: 'TRUSTED_DOCUMENT_REQUIRED' });
    } finally {
      await socket.dispose();
    }
  });
});
