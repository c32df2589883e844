import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { createWalletATestKit, createWalletBTestKit } from '../factories/wallet-tokens.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { flipBase64Bit } from './crypto/support.ts';
import { createWalletOrder, storedFor, walletEnvFor } from './support.ts';

const PERSIST = `mutation($input: PersistWalletATokenInput!) {
  persistWalletAToken(input: $input) { vaultToken onlinePaymentCryptogram eciIndicator userErrors { field code message } }
}`;
const STORE_B = `mutation($input: StoreWalletBTokenInput!) {
  storeWalletBToken(input: $input) { vaultToken cryptogram eciIndicator userErrors { field code message } }
}`;
const EXECUTE = `mutation($input: ExecuteWalletPaymentInput!) {
  executeWalletPayment(input: $input) {
    isSuccessful redirectUrl reason
    order { id status transactions { status paymentMethod } }
    userErrors { field code message }
  }
}`;

describe('wallet mutations over GraphQL', () => {
  const testA = createWalletATestKit();
  const testB = createWalletBTestKit();
  let app: TestApp;
  let project: SeededProject;
  let other: SeededProject;
  let graphql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp(
      walletEnvFor({ testA, liveA: createWalletATestKit(), testB, liveB: createWalletBTestKit() }),
    );
    project = await seedProject(app);
    other = await seedProject(app);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('persists a wallet A token and executes the payment to a completed order', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const persisted = await graphql<any>(PERSIST, {
      input: { setupToken: order.setupToken, ...testA.makeToken({ eci: '07' }) },
    });
    const stored = persisted.data.persistWalletAToken;
    expect(stored).toMatchObject({ vaultToken: expect.any(String), eciIndicator: '07', userErrors: [] });

    const executed = await graphql<any>(EXECUTE, {
      input: {
        orderId: order.orderId,
        transactionId: order.transactionId,
        paymentMethod: 'WALLET_A_PAY',
        vaultToken: stored.vaultToken,
        cryptogram: stored.onlinePaymentCryptogram,
        eciIndicator: stored.eciIndicator,
      },
    });
    expect(executed.data.executeWalletPayment).toEqual({
      isSuccessful: true,
      redirectUrl: `https://shop.example/return?order_id=${order.orderId}`,
      reason: 'NONE',
      order: {
        id: order.orderId,
        status: 'COMPLETED',
        transactions: [{ status: 'ACCEPTED', paymentMethod: 'WALLET_A_PAY' }],
      },
      userErrors: [],
    });
  });

  it('stores a wallet B token of the test environment and executes the payment with browser information', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const walletBMessage = testB.makeToken({
      recipientId: `merchant:${project.projectId.replaceAll('-', '')}`,
    });
    const stored = await graphql<any>(STORE_B, {
      input: {
        walletBMessage,
        setupToken: order.setupToken,
        transactionId: order.transactionId,
        environment: 'TEST',
      },
    });
    expect(stored.data.storeWalletBToken).toMatchObject({ cryptogram: '', eciIndicator: '', userErrors: [] });

    const executed = await graphql<any>(EXECUTE, {
      input: {
        orderId: order.orderId,
        transactionId: order.transactionId,
        paymentMethod: 'WALLET_B_PAY',
        vaultToken: stored.data.storeWalletBToken.vaultToken,
        browserInfo: {
          screenWidth: 390,
          screenHeight: 844,
          colorDepth: 24,
          userAgent: 'Mobile',
          timeZoneOffset: 0,
          language: 'nl-NL',
          javaEnabled: false,
        },
      },
    });
    expect(executed.data.executeWalletPayment).toMatchObject({
      isSuccessful: true,
      reason: 'NONE',
      order: { status: 'COMPLETED' },
    });
  });

  it('reports a refused token as a user error and stores nothing', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const token = testA.makeToken();
    const persisted = await graphql<any>(PERSIST, {
      input: { setupToken: order.setupToken, ...token, signature: flipBase64Bit(token.signature, -8) },
    });
    expect(persisted.data.persistWalletAToken).toMatchObject({
      vaultToken: null,
      userErrors: [{ code: 'signature_invalid', field: null }],
    });
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });

  it("does not reach another project's transaction", async () => {
    const order = await createWalletOrder(app, other.apiKey, 'wallet-b-pay');
    const stored = await graphql<any>(STORE_B, {
      input: {
        walletBMessage: testB.makeToken({ recipientId: `merchant:${other.projectId.replaceAll('-', '')}` }),
        setupToken: order.setupToken,
        transactionId: order.transactionId,
        environment: 'TEST',
      },
    });
    expect(stored.data.storeWalletBToken.userErrors).toEqual([
      expect.objectContaining({ code: 'not_found' }),
    ]);
    expect((await storedFor(app, order.transactionId)).cards).toBe(0);
  });

  it('names the GraphQL input field of a refused value', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-b-pay');
    const executed = await graphql<any>(EXECUTE, {
      input: {
        orderId: order.orderId,
        transactionId: order.transactionId,
        paymentMethod: 'WALLET_B_PAY',
        vaultToken: '00000000-0000-4000-8000-000000000000',
        browserInfo: { colorDepth: 0 },
      },
    });
    expect(executed.data.executeWalletPayment.userErrors).toEqual([
      expect.objectContaining({ field: 'browserInfo.colorDepth', code: 'invalid_request' }),
    ]);
  });

  it('keeps a declined payment an answer, not a user error', async () => {
    const order = await createWalletOrder(app, project.apiKey, 'wallet-a-pay');
    const persisted = await graphql<any>(PERSIST, {
      input: { setupToken: order.setupToken, ...testA.makeToken({ pan: TEST_CARDS.doNotHonour }) },
    });
    const executed = await graphql<any>(EXECUTE, {
      input: {
        orderId: order.orderId,
        transactionId: order.transactionId,
        paymentMethod: 'WALLET_A_PAY',
        vaultToken: persisted.data.persistWalletAToken.vaultToken,
        cryptogram: persisted.data.persistWalletAToken.onlinePaymentCryptogram,
      },
    });
    expect(executed.data.executeWalletPayment).toMatchObject({
      isSuccessful: false,
      reason: 'DO_NOT_HONOUR',
      order: { status: 'ERROR' },
      userErrors: [],
    });
  });
});
