import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { openPage, postPageForm } from '../helpers/pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { cardFields } from '../hosted-pages/support.ts';
import { createLink, openLink, orderIdOf, storedLinkOrders } from './support.ts';

type Json = Record<string, any>;

/** Accepted payment transactions of a link's orders: the money that moved through it. */
async function acceptedPayments(databaseUrl: string, linkId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from transactions t join orders o on o.id = t.order_id
      where o.payment_link_id = $1 and t.status in ('accepted', 'captured', 'completed')`,
    [linkId],
  );
  return row!.n;
}

describe('a single-use payment link opened in many tabs at once', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  it('creates one order for thirty concurrent opens and sends every tab to it', async () => {
    const link = await createLink(api, { single_use: true });
    const opens = await Promise.all(Array.from({ length: 30 }, () => openLink(link.url)));

    expect(opens.map((open) => open.status)).toEqual(Array(30).fill(303));
    expect(new Set(opens.map((open) => open.location)).size).toBe(1);
    const stored = await storedLinkOrders(app.databaseUrl, link.id);
    expect(stored.map((order) => order.id)).toEqual([orderIdOf(opens[0]!.location)]);
  });

  it('creates one order when two server processes on one database share the opens', async () => {
    const second = await startTestApp({ DATABASE_URL: app.databaseUrl });
    try {
      const link = await createLink(api, { single_use: true });
      const secondUrl = link.url.replace(app.baseUrl, second.baseUrl);
      const opens = await Promise.all(
        Array.from({ length: 20 }, (_, i) => openLink(i % 2 ? link.url : secondUrl)),
      );
      expect(opens.every((open) => open.status === 303)).toBe(true);
      expect(new Set(opens.map((open) => orderIdOf(open.location))).size).toBe(1);
      expect(await storedLinkOrders(app.databaseUrl, link.id)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });

  it('takes at most one payment when every tab opens the link and pays at once', async () => {
    const link = await createLink(api, { single_use: true, return_url: 'https://shop.example/return' });
    const tabs = Array.from({ length: 10 }, async () => {
      const opened = await openLink(link.url);
      if (opened.status !== 303) return { opened: opened.status, paid: null };
      const page = await openPage(opened.location!);
      // A tab that arrives after the payment went through sees the outcome, without a form; one that arrives
      // while another tab's payment runs (between its attempt and the acquirer's answer) sees it in progress.
      if (!page.csrfToken) {
        return { opened: opened.status, paid: /Payment completed|Payment in progress/.test(page.html) };
      }
      const paid = await postPageForm(opened.location!, 'card', cardFields(TEST_CARDS.visa), page);
      return { opened: opened.status, paid: paid.status === 303 };
    });
    const results = await Promise.all(tabs);

    // Each tab reached the one order (its post answered with a redirect, or the page showed it paid or being
    // paid), or found the link used up after the payment went through.
    for (const result of results) {
      expect([303, 410]).toContain(result.opened);
      if (result.opened === 303) expect(result.paid).toBe(true);
    }
    expect(await acceptedPayments(app.databaseUrl, link.id)).toBe(1);
    const stored = await storedLinkOrders(app.databaseUrl, link.id);
    expect(stored.filter((order) => order.status === 'completed')).toHaveLength(1);
    expect(stored).toHaveLength(1);
    expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body).toMatchObject({
      status: 'inactive',
      inactive_reason: 'used',
    });
    const later = await openLink(link.url);
    expect(later.status).toBe(410);
  });

  it('waits for a deactivation racing the opens: no order is created after it answered', async () => {
    const link = await createLink(api);
    const opens = Array.from({ length: 10 }, () => openLink(link.url));
    const deactivated = await api.post<Json>(`/v1/payment-links/${link.id}/deactivate/`);
    const answers = await Promise.all(opens);
    expect(deactivated.status).toBe(200);
    const created = answers.filter((answer) => answer.status === 303).map((a) => orderIdOf(a.location));
    expect(answers.every((answer) => answer.status === 303 || answer.status === 410)).toBe(true);
    // Every order the link created was created before the deactivation committed: it lists all of them.
    const after = (await api.get<Json>(`/v1/payment-links/${link.id}/`)).body;
    expect([...after.order_ids].sort()).toEqual([...created].sort());
    expect((await openLink(link.url)).status).toBe(410);
  });

  it('creates one order per open of a reusable link, however many arrive at once', async () => {
    const link = await createLink(api);
    const opens = await Promise.all(Array.from({ length: 20 }, () => openLink(link.url)));
    expect(new Set(opens.map((open) => orderIdOf(open.location))).size).toBe(20);
    expect(await storedLinkOrders(app.databaseUrl, link.id)).toHaveLength(20);
  });
});
