import { TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { postPageForm } from '../helpers/pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { cardFields } from '../hosted-pages/support.ts';
import { createLink, openLink, orderIdOf, storedLinkOrders } from './support.ts';

type Json = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('payment links over REST', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const inFuture = (ms: number) => new Date(app.runtime.deps.now().getTime() + ms).toISOString();

  it('creates a link and answers 201 with its URL, status, the fields sent and no orders yet', async () => {
    const expires = inFuture(7 * 86_400_000);
    const body = {
      amount: 2500,
      currency: 'EUR',
      description: 'Two tickets',
      merchant_order_id: 'invoice-77',
      expires,
      single_use: true,
      return_url: 'https://shop.example/return',
      failure_url: 'https://shop.example/failed',
      payment_methods: ['credit-card'],
    };
    const { status, headers, body: link } = await api.post<Json>('/v1/payment-links/', body);

    expect(status).toBe(201);
    expect(link.id).toMatch(UUID);
    expect(headers.get('location')).toBe(`${app.baseUrl}/v1/payment-links/${link.id}/`);
    expect(link).toEqual({
      id: link.id,
      project_id: project.projectId,
      url: `${app.baseUrl}/link/${link.id}/`,
      status: 'active',
      ...body,
      order_ids: [],
      created: expect.stringMatching(ISO),
      modified: link.created,
    });
    // What a create returns is what a later read returns.
    expect((await api.get(`/v1/payment-links/${link.id}/`)).body).toEqual(link);
  });

  it('defaults to a reusable link that never expires, leaving out fields that were not sent', async () => {
    const link = await createLink(api, { description: undefined });
    expect(link).toMatchObject({ status: 'active', single_use: false, amount: 1250, currency: 'EUR' });
    for (const absent of ['expires', 'description', 'return_url', 'payment_methods', 'deactivated']) {
      expect(link).not.toHaveProperty(absent);
    }
  });

  it('answers with and without the trailing slash and never redirects', async () => {
    const link = await createLink(api);
    const withSlash = await api.get(`/v1/payment-links/${link.id}/`);
    const without = await api.get(`/v1/payment-links/${link.id}`);
    expect([withSlash.status, without.status]).toEqual([200, 200]);
    expect(without.body).toEqual(withSlash.body);

    const created = await api.post('/v1/payment-links', { amount: 100, currency: 'EUR' });
    expect(created.status).toBe(201);
    const deactivated = await api.post(`/v1/payment-links/${created.body.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    const page = await openLink(`${app.baseUrl}/link/${link.id}`);
    expect(page.status).toBe(303);
  });

  it('refuses bad input with the order rules, naming every field, and stores nothing', async () => {
    const before = await sql(app.databaseUrl, 'select count(*)::int as n from payment_links');
    const { status, body } = await api.post<Json>('/v1/payment-links/', {
      currency: 'eur',
      description: 'x'.repeat(1025),
      return_url: 'ftp://shop.example/',
      expires: 'next tuesday',
      single_use: 'yes',
      payment_methods: ['bitcoin'],
      colour: 'red',
    });

    expect(status).toBe(400);
    expect(body.error.type).toBe('invalid_request');
    const fields = Object.fromEntries(body.error.fields.map((f: Json) => [f.field, f.code]));
    expect(fields).toEqual({
      amount: 'required',
      currency: 'invalid_format',
      description: 'too_big',
      return_url: 'invalid',
      expires: 'invalid_format',
      single_use: 'invalid_type',
      'payment_methods.0': 'invalid_value',
      colour: 'unknown_field',
    });
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from payment_links')).toEqual(before);
  });

  it('refuses an expiry in the past and a method the project has not activated', async () => {
    const past = await api.post<Json>('/v1/payment-links/', {
      amount: 100,
      currency: 'EUR',
      expires: new Date(app.runtime.deps.now().getTime() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual([
      expect.objectContaining({
        field: 'expires',
        code: 'too_small',
        message: 'expires: must be in the future',
      }),
    ]);

    // A project with card payments only (set before its key is first used, so no cached credential has it).
    const cardsOnly = await seedProject(app, { name: 'Cards only' });
    await sql(app.databaseUrl, `update projects set payment_methods = '{credit-card}' where id = $1`, [
      cardsOnly.projectId,
    ]);
    const inactive = await restClient(app.baseUrl, cardsOnly.apiKey).post<Json>('/v1/payment-links/', {
      amount: 100,
      currency: 'EUR',
      payment_methods: ['credit-card', 'wallet-a-pay'],
    });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error.fields).toEqual([
      expect.objectContaining({ field: 'payment_methods.1', code: 'invalid' }),
    ]);
    expect(inactive.body.error.value).toBe("payment_methods.1: 'wallet-a-pay' is not active in this project");
  });

  it("answers another project's link exactly like a missing one", async () => {
    const other = await seedProject(app, { name: 'Other shop' });
    const theirs = await createLink(restClient(app.baseUrl, other.apiKey));
    const missing = await api.get<Json>('/v1/payment-links/00000000-0000-4000-8000-000000000000/');
    const foreign = await api.get<Json>(`/v1/payment-links/${theirs.id}/`);
    const notUuid = await api.get<Json>('/v1/payment-links/not-a-uuid/');
    for (const answer of [missing, foreign, notUuid]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(missing.body);
    }
    expect(missing.body.error).toMatchObject({ status: 404, type: 'not_found' });

    const deactivated = await api.post<Json>(`/v1/payment-links/${theirs.id}/deactivate/`);
    expect(deactivated.status).toBe(404);
    expect(
      (await restClient(app.baseUrl, other.apiKey).get<Json>(`/v1/payment-links/${theirs.id}/`)).body.status,
    ).toBe('active');
  });

  it('requires an API key', async () => {
    const anonymous = restClient(app.baseUrl);
    expect((await anonymous.post('/v1/payment-links/', { amount: 1, currency: 'EUR' })).status).toBe(401);
    expect((await anonymous.get('/v1/payment-links/00000000-0000-4000-8000-000000000000/')).status).toBe(401);
  });

  it('replays a create sent again with the same Idempotency-Key instead of making a second link', async () => {
    const key = `link-${Date.now()}`;
    const body = { amount: 4200, currency: 'EUR', merchant_order_id: key };
    const first = await api.post<Json>('/v1/payment-links/', body, { 'idempotency-key': key });
    const again = await api.post<Json>('/v1/payment-links/', body, { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await sql(app.databaseUrl, 'select id from payment_links where merchant_order_id = $1', [
      key,
    ]);
    expect(rows).toHaveLength(1);

    const reused = await api.post<Json>(
      '/v1/payment-links/',
      { ...body, amount: 1 },
      { 'idempotency-key': key },
    );
    expect(reused.status).toBe(422);
    expect(reused.body.error.type).toBe('idempotency_key_reused');
  });

  it('creates an order each time a reusable link is opened, answering 303 to its hosted page', async () => {
    const link = await createLink(api, {
      merchant_order_id: 'poster-1',
      return_url: 'https://shop.example/return',
      payment_methods: ['credit-card'],
    });
    const first = await openLink(link.url);
    const second = await openLink(link.url);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const [a, b] = [orderIdOf(first.location), orderIdOf(second.location)];
    expect(a).not.toBe(b);
    expect(first.location).toBe(`${app.baseUrl}/pay/${a}/`);

    const order = (await api.get<Json>(`/v1/orders/${a}/`)).body;
    expect(order).toMatchObject({
      id: a,
      related_payment_link_id: link.id,
      amount: 1250,
      currency: 'EUR',
      description: 'Concert ticket',
      merchant_order_id: 'poster-1',
      return_url: 'https://shop.example/return',
      payment_methods: ['credit-card'],
      status: 'new',
      flags: ['is-test'],
      expiration_period: 'PT1H',
      transactions: [],
    });
    expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body.order_ids).toEqual([a, b]);
    // An order the merchant created itself has no link.
    const own = await api.post<Json>('/v1/orders/', { amount: 100, currency: 'EUR' });
    expect(own.body).not.toHaveProperty('related_payment_link_id');
  });

  it('sends every open of a single-use link to its one open order, and is used up once it is paid', async () => {
    const link = await createLink(api, { single_use: true, return_url: 'https://shop.example/return' });
    const first = await openLink(link.url);
    const again = await openLink(link.url);
    expect(again.location).toBe(first.location);

    const paid = await postPageForm(first.location!, 'card', cardFields(TEST_CARDS.visa));
    expect(paid.status).toBe(303);
    const orderId = orderIdOf(first.location);
    expect((await api.get<Json>(`/v1/orders/${orderId}/`)).body.status).toBe('completed');

    // The events feed tells it with the usual order events: nothing new to listen to.
    const events = (await api.get<Json>(`/v1/events/?order_id=${orderId}`)).body.events;
    expect(events.map((event: Json) => [event.type, event.data.status])).toEqual([
      ['order.created', 'new'],
      ['transaction.status_changed', 'new'],
      ['transaction.status_changed', 'accepted'],
      ['order.status_changed', 'completed'],
    ]);

    const after = await openLink(link.url);
    expect(after.status).toBe(410);
    expect(after.html).toContain('Payment link already used');
    expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body).toMatchObject({
      status: 'inactive',
      inactive_reason: 'used',
      order_ids: [orderId],
    });
  });

  it('keeps a single-use link usable after a declined attempt, on the same order', async () => {
    const link = await createLink(api, { single_use: true });
    const opened = await openLink(link.url);
    await postPageForm(opened.location!, 'card', cardFields(TEST_CARDS.doNotHonour));
    const reopened = await openLink(link.url);
    expect(reopened.location).toBe(opened.location);
    const retry = await postPageForm(opened.location!, 'card', cardFields(TEST_CARDS.visa));
    expect(retry.status).toBe(303);
    expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body).toMatchObject({
      status: 'inactive',
      inactive_reason: 'used',
    });
    expect(await storedLinkOrders(app.databaseUrl, link.id)).toEqual([
      expect.objectContaining({ status: 'completed' }),
    ]);
  });

  it('deactivates a link: it shows a clear page and creates no more orders; deactivating again changes nothing', async () => {
    const link = await createLink(api);
    const opened = await openLink(link.url);
    const { status, body } = await api.post<Json>(`/v1/payment-links/${link.id}/deactivate/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: link.id,
      status: 'inactive',
      inactive_reason: 'deactivated',
      deactivated: expect.stringMatching(ISO),
      order_ids: [orderIdOf(opened.location)],
    });
    expect(body.modified).toBe(body.deactivated);

    const again = await api.post<Json>(`/v1/payment-links/${link.id}/deactivate/`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);

    const page = await openLink(link.url, { 'accept-language': 'en' });
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('Payment link no longer active');
    expect(page.html).toContain('Test mode');
    expect(page.html).not.toContain('<form');
    expect(await storedLinkOrders(app.databaseUrl, link.id)).toHaveLength(1);

    const dutch = await openLink(link.url, { 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(dutch.html).toContain('Betaallink niet meer actief');
  });

  it('answers a HEAD of the address with the status a GET would have, creating no order', async () => {
    const link = await createLink(api);
    const head = await fetch(link.url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(200);
    expect(await storedLinkOrders(app.databaseUrl, link.id)).toEqual([]);
    await api.post(`/v1/payment-links/${link.id}/deactivate/`);
    expect((await fetch(link.url, { method: 'HEAD' })).status).toBe(410);
    const unknown = await fetch(`${app.baseUrl}/link/00000000-0000-4000-8000-000000000000/`, {
      method: 'HEAD',
    });
    expect(unknown.status).toBe(404);
  });

  it('shows a not-found page for an unknown link', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const page = await openLink(`${app.baseUrl}/link/${id}/`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.html).toContain('Payment not found');
    }
  });

  it('shows a clear page when the project switched off the methods the link offers', async () => {
    const link = await createLink(api, { payment_methods: ['wallet-b-pay'] });
    await sql(app.databaseUrl, `update projects set payment_methods = '{credit-card}' where id = $1`, [
      project.projectId,
    ]);
    try {
      const page = await openLink(link.url);
      expect(page.status).toBe(409);
      expect(page.html).toContain('Payment link unavailable');
      expect(await storedLinkOrders(app.databaseUrl, link.id)).toEqual([]);
    } finally {
      await sql(app.databaseUrl, 'update projects set payment_methods = $2 where id = $1', [
        project.projectId,
        ['credit-card', 'wallet-a-pay', 'wallet-b-pay'],
      ]);
    }
  });

  // These tests move the app's clock forward: they come last.
  describe('in time', () => {
    it('gives an order no longer to be paid than the link lives', async () => {
      const link = await createLink(api, { expires: inFuture(10 * 60_000) });
      const order = (await api.get<Json>(`/v1/orders/${orderIdOf((await openLink(link.url)).location)}/`))
        .body;
      const period = /^PT(\d+)S$/.exec(order.expiration_period);
      expect(Number(period?.[1])).toBeGreaterThan(590);
      expect(Number(period?.[1])).toBeLessThanOrEqual(600);
    });

    it('leads a single-use link to a fresh order once its open order expired unpaid', async () => {
      const link = await createLink(api, { single_use: true });
      const first = orderIdOf((await openLink(link.url)).location);
      app.advanceClock(61 * 60_000);
      const second = orderIdOf((await openLink(link.url)).location);
      expect(second).not.toBe(first);
      // The overdue order was expired (as its timer would have) before the new one was created.
      expect((await api.get<Json>(`/v1/orders/${first}/`)).body.status).toBe('expired');
      expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body.order_ids).toEqual([first, second]);
    });

    it('expires a link at its expiry: status expired and a clear page', async () => {
      const link = await createLink(api, { expires: inFuture(60_000) });
      app.advanceClock(61_000);
      expect((await api.get<Json>(`/v1/payment-links/${link.id}/`)).body.status).toBe('expired');
      const page = await openLink(link.url);
      expect(page.status).toBe(410);
      expect(page.html).toContain('Payment link expired');
      expect(await storedLinkOrders(app.databaseUrl, link.id)).toEqual([]);
    });
  });
});
