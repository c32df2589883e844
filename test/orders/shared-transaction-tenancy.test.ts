import { randomUUID } from 'node:crypto';
import { createCardOrder, frictionlessAuthentication, storeCard, TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>;

/**
 * Concurrent card requests share one database transaction and send their locks and reads as one statement each
 * (platform/db/shared-transactions.ts). A project's request that names another project's order or setup token,
 * beside that project's own request for it, must still be answered as if the order did not exist: each request
 * gets only the rows its own values found.
 */
describe("another project's order inside a transaction shared with its owner's request", () => {
  let app: TestApp;
  let owner: SeededProject;
  let other: SeededProject;
  const ROUNDS = 4;
  const INTRUDERS = 12;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other] = await Promise.all([seedProject(app), seedProject(app)]);
  });
  afterAll(() => app.stop());

  /** The owner's one request among the intruders', all sent at once. */
  const together = async (
    own: () => Promise<{ status: number }>,
    intrude: () => Promise<{ status: number }>,
  ) => {
    const intruders = Array.from({ length: INTRUDERS }, intrude);
    const [mine, ...theirs] = await Promise.all([own(), ...intruders]);
    return { mine: mine!.status, theirs: theirs.map((answer) => answer.status) };
  };

  it('answers the other project 404 for the order it authenticates, and the owner pays its own order', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await createCardOrder(app.baseUrl, owner.apiKey);
      const card = await storeCard(app, owner.apiKey, {
        setupToken: order.transactions[0].payment_method_details.setup_token,
      });
      const path = `/v1/orders/${order.id}/transactions/${order.transactions[0].id}/authenticate/`;
      const outcome = await together(
        () =>
          restClient(app.baseUrl, owner.apiKey).post(path, frictionlessAuthentication(card.body.vault_token)),
        () => restClient(app.baseUrl, other.apiKey).post(path, frictionlessAuthentication(randomUUID())),
      );
      expect(outcome).toEqual({ mine: 200, theirs: Array(INTRUDERS).fill(404) });
    }
  });

  it("answers the other project 404 for the setup token it stores a card with, and stores the owner's card", async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await createCardOrder(app.baseUrl, owner.apiKey);
      const setupToken = order.transactions[0].payment_method_details.setup_token;
      const outcome = await together(
        () => storeCard(app, owner.apiKey, { setupToken }),
        () => storeCard(app, other.apiKey, { setupToken, pan: TEST_CARDS.mastercard }),
      );
      expect(outcome).toEqual({ mine: 201, theirs: Array(INTRUDERS).fill(404) });
      const stored = await restClient(app.baseUrl, owner.apiKey).get<Json>(`/v1/orders/${order.id}/`);
      expect(stored.body.transactions[0].payment_method_details.truncated_pan).toBe('411111******1111');
    }
  });
});
