import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import {
  createWalletATestKit,
  createWalletBTestKit,
  type WalletBTestTokenOptions,
} from '../factories/wallet-tokens.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createWalletOrder, storedFor, walletEnvFor } from './support.ts';

describe('wallet B token service (spec 4.9)', () => {
  const testB = createWalletBTestKit();
  const liveB = createWalletBTestKit();
  let app: TestApp;
  let project: SeededProject;
  let liveProject: SeededProject;
  let tokenService: ReturnType<typeof restClient>;

  beforeAll(async () => {
    app = await startTestApp(
      walletEnvFor({ testA: createWalletATestKit(), liveA: createWalletATestKit(), testB, liveB }),
    );
    project = await seedProject(app);
    liveProject = await seedProject(app, { mode: 'live' });
    // No API key: the token service is tied to the transaction by its id and setup token.
    tokenService = restClient(app.runtime.services.config.walletBTokenUrl);
  });
  afterAll(() => app.stop());

  const recipientOf = (target: SeededProject) => `merchant:${target.projectId.replaceAll('-', '')}`;
  const testToken = (options: WalletBTestTokenOptions = {}) =>
    testB.makeToken({ recipientId: recipientOf(project), ...options });

  const store = (
    path: string,
    order: { setupToken: string; transactionId: string },
    walletBMessage: string,
  ) =>
    tokenService.post<Record<string, any>>(path, {
      walletBMessage,
      setupToken: order.setupToken,
      transactionId: order.transactionId,
    });

  it('is served under the path of WALLET_B_TOKEN_URL', () => {
    expect(app.runtime.services.config.walletBTokenUrl).toBe(`${app.baseUrl}/wallet-b`);
  });

  it('stores a PAN_ONLY card and answers an empty cryptogram and ECI', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const { status, body, headers } = await store(
      '/test/tokens/',
      order,
      testToken({ pan: TEST_CARDS.visa, authMethod: 'PAN_ONLY' }),
    );
    expect(status).toBe(201);
    expect(body).toEqual({
      vaultToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cryptogram: '',
      eciIndicator: '',
    });
    // The stored card's record on the vault face.
    expect(headers.get('location')).toBe(`${app.baseUrl}/vault/v1/cards/${body.vaultToken}/`);
    expect(await storedFor(app, order.transactionId)).toEqual({
      cards: 1,
      setupTokenUsed: true,
      status: 'new',
    });
    expect(app.logs.join('')).not.toContain(TEST_CARDS.visa);
  });

  it('stores a CRYPTOGRAM_3DS card and answers its cryptogram and ECI', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const { status, body } = await store(
      '/test/tokens/',
      order,
      testToken({ authMethod: 'CRYPTOGRAM_3DS', cryptogram: 'AAkBBzGBMHkAAABbAAAAAAAAAAA=', eci: '05' }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({ cryptogram: 'AAkBBzGBMHkAAABbAAAAAAAAAAA=', eciIndicator: '05' });
  });

  it('verifies /tokens/ with the production root keys', async () => {
    const order = await createWalletOrder(app, liveProject.apiKey, 'wallet-b-pay');
    const production = await store(
      '/tokens/',
      order,
      liveB.makeToken({ recipientId: recipientOf(liveProject) }),
    );
    expect(production.status).toBe(201);

    const other = await createWalletOrder(app, liveProject.apiKey, 'wallet-b-pay');
    const signedByTestRoot = await store(
      '/tokens/',
      other,
      testB.makeToken({ recipientId: recipientOf(liveProject) }),
    );
    expect(signedByTestRoot.status).toBe(422);
    expect(signedByTestRoot.body.error.type).toBe('signature_invalid');
    expect((await storedFor(app, other.transactionId)).cards).toBe(0);
  });

  it('keeps /test/tokens/ for test projects', async () => {
    const order = await createWalletOrder(app, liveProject.apiKey, 'wallet-b-pay');
    const response = await store(
      '/test/tokens/',
      order,
      testB.makeToken({ recipientId: recipientOf(liveProject) }),
    );
    expect(response.status).toBe(403);
    expect(response.body.error.type).toBe('test_environment_not_allowed');
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });

  describe('refuses, storing nothing and leaving the setup token unused,', () => {
    const tampered = (field: 'signedMessage' | 'signature') => () => {
      const token = JSON.parse(testToken());
      if (field === 'signedMessage') {
        const message = JSON.parse(token.signedMessage);
        message.tag = Buffer.alloc(32, 1).toString('base64');
        token.signedMessage = JSON.stringify(message);
      } else {
        const signature = Buffer.from(token.signature, 'base64');
        signature[signature.length - 5]! ^= 1;
        token.signature = signature.toString('base64');
      }
      return JSON.stringify(token);
    };
    const refusals: [string, () => string, number, string][] = [
      ['a tampered message', tampered('signedMessage'), 422, 'signature_invalid'],
      ['a tampered signature', tampered('signature'), 422, 'signature_invalid'],
      [
        'a message for another recipient',
        () => testB.makeToken({ recipientId: 'merchant:12345678901234567890' }),
        422,
        'signature_invalid',
      ],
      [
        'an expired intermediate key',
        () => testToken({ keyExpiration: new Date(Date.now() - 60_000) }),
        422,
        'signing_key_expired',
      ],
      [
        'an expired message',
        () => testToken({ messageExpiration: new Date(Date.now() - 60_000) }),
        422,
        'message_expired',
      ],
      [
        'a token of another wallet B environment',
        () => liveB.makeToken({ recipientId: recipientOf(project) }),
        422,
        'signature_invalid',
      ],
      ['a token that is not JSON', () => 'not a token', 400, 'malformed_token'],
      [
        'another protocol version',
        () => JSON.stringify({ ...JSON.parse(testToken()), protocolVersion: 'ECv1' }),
        400,
        'unsupported_version',
      ],
    ];

    it.each(refusals)('%s', async (_case, token, status, type) => {
      const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
      const response = await store('/test/tokens/', order, token());
      expect(response.status).toBe(status);
      expect(response.body.error.type).toBe(type);
      expect(await storedFor(app, order.transactionId)).toEqual({
        cards: 0,
        setupTokenUsed: false,
        status: 'new',
      });
    });
  });

  it('refuses a reused setup token', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    expect((await store('/test/tokens/', order, testToken())).status).toBe(201);
    const again = await store('/test/tokens/', order, testToken());
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('setup_token_used');
    expect((await storedFor(app, order.transactionId)).cards).toBe(1);
  });

  it('refuses a setup token 300 seconds after the order was created', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    app.advanceClock(301_000);
    try {
      const response = await store('/test/tokens/', order, testToken());
      expect(response.status).toBe(410);
      expect(response.body.error.type).toBe('setup_token_expired');
    } finally {
      app.advanceClock(-301_000);
    }
    expect(await storedFor(app, order.transactionId)).toMatchObject({ cards: 0, setupTokenUsed: false });
  });

  it('answers a transaction id and setup token that do not belong together as not found', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const other = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const response = await store('/test/tokens/', { ...order, setupToken: other.setupToken }, testToken());
    expect(response.status).toBe(404);
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
    expect((await storedFor(app, other.transactionId)).cards).toBe(0);
  });

  it('refuses the transaction of another payment method', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const response = await store('/test/tokens/', order, testToken());
    expect(response.status).toBe(409);
    expect(response.body.error.type).toBe('payment_method_mismatch');
  });

  it('requires walletBMessage as a string, and uuids', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const asObject = await tokenService.post<Record<string, any>>('/test/tokens/', {
      walletBMessage: JSON.parse(testToken()),
      setupToken: order.setupToken,
      transactionId: order.transactionId,
    });
    expect(asObject.status).toBe(400);
    expect(asObject.body.error.value).toContain('walletBMessage');
    const badIds = await tokenService.post<Record<string, any>>('/test/tokens/', {
      walletBMessage: testToken(),
      setupToken: 'x',
      transactionId: 'y',
    });
    expect(badIds.status).toBe(400);
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });
});
