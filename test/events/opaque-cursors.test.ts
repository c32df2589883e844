import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

interface FeedPage {
  events: { id: string; cursor: string }[];
  next: string | null;
}

describe('event cursors', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  /** Pays an order, then answers the merchant's newest event. */
  const newEventOf = async (apiKey: string) => {
    const api = restClient(app.baseUrl, apiKey);
    const seen = (await api.get<FeedPage>('/v1/events/?limit=100')).body.events.length;
    await payOwnCheckoutOrder(app.baseUrl, apiKey);
    return eventually(async () => {
      const { body } = await api.get<FeedPage>('/v1/events/?limit=100');
      return body.events.length > seen && body.events.at(-1)!;
    });
  };

  it("tell nothing of the gateway's volume: neither the transaction id nor the row id of the position shows", async () => {
    const merchant = await seedProject(app);
    const other = await seedProject(app);
    const before = await newEventOf(merchant.apiKey);
    // Another merchant's activity in between.
    for (let i = 0; i < 3; i++) await payOwnCheckoutOrder(app.baseUrl, other.apiKey);
    const after = await newEventOf(merchant.apiKey);

    for (const event of [before, after]) {
      const [row] = await sql<{ txid: string; id: string }>(
        app.databaseUrl,
        'select txid::text as txid, id::text as id from outbox_events where event_id = $1',
        [event.id],
      );
      const bytes = Buffer.from(event.cursor, 'base64url');
      const id = Buffer.alloc(8);
      id.writeBigUInt64BE(BigInt(row!.id));
      const txid = Buffer.alloc(8);
      txid.writeBigUInt64BE(BigInt(row!.txid));
      // The readable form (the old cursor's `txid:row_id`) and both numbers as binary. Not each number alone as
      // text: a short one (row 4) is one byte, which random-looking ciphertext holds by chance.
      expect(bytes.toString('latin1')).not.toContain(`${row!.txid}:${row!.id}`);
      expect(bytes.includes(id)).toBe(false);
      expect(bytes.includes(txid)).toBe(false);
    }
    // The old readable form of the same position is no cursor at all.
    const [row] = await sql<{ txid: string; id: string }>(
      app.databaseUrl,
      'select txid::text as txid, id::text as id from outbox_events where event_id = $1',
      [before.id],
    );
    const readable = Buffer.from(`${row!.txid}:${row!.id}`, 'latin1').toString('base64url');
    const refused = await restClient(app.baseUrl, merchant.apiKey).get(`/v1/events/?after=${readable}`);
    expect(refused.status).toBe(400);
  });

  it('still page the feed, and a cursor altered by one character is refused', async () => {
    const merchant = await seedProject(app);
    const api = restClient(app.baseUrl, merchant.apiKey);
    for (let i = 0; i < 2; i++) await newEventOf(merchant.apiKey);
    const first = await api.get<FeedPage>('/v1/events/?limit=1');
    expect(first.body.events).toHaveLength(1);
    const second = await api.get<FeedPage>(`/v1/events/?limit=100&after=${first.body.next}`);
    expect(second.body.events.length).toBeGreaterThanOrEqual(2);
    expect(second.body.events.map((event) => event.id)).not.toContain(first.body.events[0]!.id);
    const cursor = first.body.next!;
    const altered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    const refused = await api.get(`/v1/events/?after=${altered}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { type: 'invalid_request' } });
  });
});
