import { createHash } from 'node:crypto';
import { MerchantSessionError } from '../../src/modules/wallets/wallet-a/merchant-session-client.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createWalletATestKit, createWalletBTestKit } from '../factories/wallet-tokens.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createWalletOrder, recordSessions, storedFor, writeKeyFiles } from './support.ts';

const VALIDATION_URL = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';
const PATH = '/v1/wallet-a-pay/sessions/';

const bodyFor = (project: SeededProject, overrides: Record<string, unknown> = {}) => ({
  validationUrl: VALIDATION_URL,
  merchantIdentifier: project.projectId.replaceAll('-', ''),
  displayName: 'Test shop',
  initiativeContext: 'shop.example.com',
  ...overrides,
});

// The merchant identity of live projects: any certificate with its key (the test kit's merchant one).
const identity = createWalletATestKit();

describe('wallet A merchant session (spec 4.7)', () => {
  let app: TestApp;
  let testProject: SeededProject;
  let liveProject: SeededProject;

  beforeAll(async () => {
    const files = writeKeyFiles({
      'identity.pem': identity.merchantCertificatePem,
      'identity.key': identity.merchantPrivateKeyPem,
    });
    app = await startTestApp({
      WALLET_A_MERCHANT_IDENTITY_CERT: files['identity.pem']!,
      WALLET_A_MERCHANT_IDENTITY_KEY: files['identity.key']!,
      WALLET_A_SESSION_TIMEOUT_MS: '2500',
    });
    testProject = await seedProject(app);
    liveProject = await seedProject(app, { mode: 'live' });
  });
  afterAll(() => app.stop());

  it('answers a test project with the simulator session, without any network', async () => {
    const { status, body } = await restClient(app.baseUrl, testProject.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(testProject),
    );
    expect(status).toBe(200);
    const merchantHash = createHash('sha256').update(testProject.projectId.replaceAll('-', '')).digest('hex');
    expect(body.sessionData).toMatchObject({
      simulated: true,
      domainName: 'shop.example.com',
      displayName: 'Test shop',
      merchantIdentifier: merchantHash.toUpperCase(),
      merchantSessionIdentifier: expect.stringMatching(/^SSH[0-9A-F]{32}_SIMULATED$/),
    });
    expect(body.sessionData.expiresAt - body.sessionData.epochTimestamp).toBe(300_000);
  });

  it('calls the provider for a live project with the merchant identity, the checked URL and a timeout', async () => {
    const { live, test } = recordSessions(app, async () => ({
      merchantSessionIdentifier: 'SSH-LIVE',
      nonce: 'n',
    }));
    const { status, body } = await restClient(app.baseUrl, liveProject.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(liveProject, { displayName: 'Live shop' }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({ sessionData: { merchantSessionIdentifier: 'SSH-LIVE', nonce: 'n' } });
    expect(test.calls).toHaveLength(0);
    expect(live.calls).toHaveLength(1);
    const [call] = live.calls;
    expect(call!.url.href).toBe(VALIDATION_URL);
    expect(call!.body).toEqual({
      merchantIdentifier: liveProject.projectId.replaceAll('-', ''),
      displayName: 'Live shop',
      initiative: 'web',
      initiativeContext: 'shop.example.com',
    });
    expect(call!.identity).toEqual({
      certificatePem: identity.merchantCertificatePem,
      privateKeyPem: identity.merchantPrivateKeyPem,
    });
    expect(call!.timeoutMs).toBe(2500);
  });

  it.each([
    ['a foreign host', 'https://evil.example/paymentservices/startSession'],
    ['an IP literal', 'https://17.141.128.7/paymentservices/startSession'],
    ['an IPv6 literal', 'https://[fd00::1]/paymentservices/startSession'],
    ['a non-https scheme', 'http://apple-pay-gateway.apple.com/paymentservices/startSession'],
    ['a port', 'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession'],
    ['user info', 'https://user@apple-pay-gateway.apple.com/paymentservices/startSession'],
    ['a path outside /paymentservices/', 'https://apple-pay-gateway.apple.com/admin'],
    ['a loopback name', 'https://localhost/paymentservices/startSession'],
    ['not a URL', 'apple-pay-gateway.apple.com/paymentservices/startSession'],
  ])('refuses a validationUrl with %s: 400, and no request leaves', async (_case, validationUrl) => {
    const { live, test } = recordSessions(app);
    for (const project of [testProject, liveProject]) {
      const response = await restClient(app.baseUrl, project.apiKey).post<Record<string, any>>(
        PATH,
        bodyFor(project, { validationUrl }),
      );
      expect(response.status).toBe(400);
      expect(response.body.error.type).toBe('invalid_validation_url');
      expect(response.body.error.value).toMatch(/^validationUrl: /);
    }
    expect(live.calls).toHaveLength(0);
    expect(test.calls).toHaveLength(0);
  });

  it('refuses a merchantIdentifier that is not the project id without hyphens', async () => {
    const { live } = recordSessions(app);
    for (const merchantIdentifier of [
      liveProject.projectId,
      testProject.projectId.replaceAll('-', ''),
      'merchant.shop',
    ]) {
      const response = await restClient(app.baseUrl, liveProject.apiKey).post<Record<string, any>>(
        PATH,
        bodyFor(liveProject, { merchantIdentifier }),
      );
      expect(response.status).toBe(400);
      expect(response.body.error.value).toBe('merchantIdentifier: must be the project id without hyphens');
    }
    expect(live.calls).toHaveLength(0);
  });

  it.each(['validationUrl', 'merchantIdentifier', 'displayName', 'initiativeContext'])(
    'requires %s',
    async (field) => {
      const { live } = recordSessions(app);
      const body: Record<string, unknown> = bodyFor(liveProject);
      delete body[field];
      const response = await restClient(app.baseUrl, liveProject.apiKey).post<Record<string, any>>(
        PATH,
        body,
      );
      expect(response.status).toBe(400);
      expect(response.body.error.value).toContain(`${field}: is required`);
      expect(live.calls).toHaveLength(0);
    },
  );

  it('refuses an initiativeContext that is not a domain name', async () => {
    const response = await restClient(app.baseUrl, liveProject.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(liveProject, { initiativeContext: 'https://shop.example.com/checkout' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.value).toContain('initiativeContext');
  });

  it('needs the API key', async () => {
    const response = await restClient(app.baseUrl).post(PATH, bodyFor(liveProject));
    expect(response.status).toBe(401);
  });

  it('answers 422 merchant_validation_failed when the provider gives no session', async () => {
    recordSessions(app, async () => {
      throw new MerchantSessionError('the provider answered HTTP 400');
    });
    const response = await restClient(app.baseUrl, liveProject.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(liveProject),
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      type: 'merchant_validation_failed',
      value: 'The wallet provider did not start a merchant session: the provider answered HTTP 400',
    });
  });

  it('starts the session over GraphQL with the same rules', async () => {
    const { live } = recordSessions(app, async () => ({ merchantSessionIdentifier: 'SSH-GQL' }));
    const graphql = graphqlClient(app.baseUrl, liveProject.apiKey);
    const mutation = `mutation($input: StartWalletASessionInput!) {
      startWalletASession(input: $input) { sessionData userErrors { field code message } }
    }`;
    const ok = await graphql<any>(mutation, { input: bodyFor(liveProject) });
    expect(ok.data.startWalletASession).toEqual({
      sessionData: { merchantSessionIdentifier: 'SSH-GQL' },
      userErrors: [],
    });

    const refused = await graphql<any>(mutation, {
      input: bodyFor(liveProject, { validationUrl: 'https://10.0.0.1/paymentservices/startSession' }),
    });
    expect(refused.data.startWalletASession.sessionData).toBeNull();
    expect(refused.data.startWalletASession.userErrors).toEqual([
      expect.objectContaining({ field: 'validationUrl', code: 'invalid_validation_url' }),
    ]);
    expect(live.calls).toHaveLength(1);
  });
});

describe('wallets on a server without wallet configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it('still serves test projects from the simulator', async () => {
    const project = await seedProject(app);
    const response = await restClient(app.baseUrl, project.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(project),
    );
    expect(response.status).toBe(200);
    expect(response.body.sessionData.simulated).toBe(true);
  });

  it('answers a live project 422 wallet_a_not_configured and sends nothing', async () => {
    const project = await seedProject(app, { mode: 'live' });
    const { live } = recordSessions(app);
    const response = await restClient(app.baseUrl, project.apiKey).post<Record<string, any>>(
      PATH,
      bodyFor(project),
    );
    expect(response.status).toBe(422);
    expect(response.body.error.type).toBe('wallet_a_not_configured');
    expect(live.calls).toHaveLength(0);
  });
  it('refuses wallet tokens with 422 *_not_configured and stores nothing', async () => {
    const project = await seedProject(app);
    const walletAOrder = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const persisted = await restClient(app.baseUrl, project.apiKey).post<Record<string, any>>(
      '/v1/wallet-a-pay/payment-tokens/persist/',
      { setupToken: walletAOrder.setupToken, ...identity.makeToken() },
    );
    expect(persisted.status).toBe(422);
    expect(persisted.body.error.type).toBe('wallet_a_not_configured');

    const walletBOrder = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const stored = await restClient(app.runtime.services.config.walletBTokenUrl).post<Record<string, any>>(
      '/test/tokens/',
      {
        walletBMessage: createWalletBTestKit().makeToken(),
        setupToken: walletBOrder.setupToken,
        transactionId: walletBOrder.transactionId,
      },
    );
    expect(stored.status).toBe(422);
    expect(stored.body.error.type).toBe('wallet_b_not_configured');
    expect((await storedFor(app, walletAOrder.transactionId)).cards).toBe(0);
    expect((await storedFor(app, walletBOrder.transactionId)).cards).toBe(0);
  });
});
