import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { createLink, openLink } from '../payment-links/support.ts';
import { PLUGIN_SDK_ORDER, pluginSdkOrder, withoutEmptyOptionalArrays } from './fixtures.ts';
import { chooseAtBank } from './support.ts';

type Json = Record<string, any>;

describe('the shop plugins (ginger-php-plugin-sdk) against the gateway, over real HTTP', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let graphql: GraphQLClient;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    [app, receiver] = await Promise.all([startTestApp(), startReceiver()]);
    project = await seedProject(app, { name: 'Plugin shop' });
    api = restClient(app.baseUrl, project.apiKey);
    graphql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(async () => {
    await receiver?.close();
    await app?.stop();
  });

  const create = async (body: Json = pluginSdkOrder()) => {
    const created = await api.post<Json>('/v1/orders/', body);
    expect(created.status).toBe(201);
    return created.body;
  };
  const paidOrder = async () => {
    const order = await create();
    const bank = await chooseAtBank(order.transactions[0].payment_url, 'approve');
    expect(bank.status).toBe(303);
    return (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
  };

  describe('creating the order the SDK sends', () => {
    it('accepts its exact create body and a GET returns every field it sent, with the same values', async () => {
      const created = await api.post<Json>('/v1/orders/', PLUGIN_SDK_ORDER);
      expect(created.status).toBe(201);
      const read = await api.get<Json>(`/v1/orders/${created.body.id}/`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject(PLUGIN_SDK_ORDER);
      expect(read.body).toEqual(created.body);
      expect(read.body.customer.locale).toBe('Ua_ua');
      expect(read.body.customer.ip_address).toBe('test');
      expect(read.body.transactions[0]).toMatchObject({
        payment_method: 'ideal',
        status: 'new',
        payment_url: `${app.baseUrl}/ideal/bank/${read.body.transactions[0].id}/`,
        payment_method_details: { issuer_id: '15' },
      });
    });

    it("creates a card order whose empty payment method details come as PHP's [] (the SDK's new Transaction('credit-card'))", async () => {
      // The SDK's Transaction always holds a PaymentMethodDetails; empty, its toArray() is [] and json_encode sends [].
      const body = {
        ...pluginSdkOrder(),
        transactions: [{ payment_method: 'credit-card', payment_method_details: [] }],
      };
      const order = await create(body);
      expect(order.transactions[0]).toMatchObject({ payment_method: 'credit-card', status: 'new' });
      expect(order.transactions[0].payment_method_details).not.toEqual([]);
      const refused = await api.post<Json>('/v1/orders/', {
        ...body,
        transactions: [{ payment_method: 'credit-card', payment_method_details: ['x'] }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields[0].field).toBe('transactions.0.payment_method_details');
    });

    it('accepts the locale in any case with _ or -, stored as sent', async () => {
      for (const locale of ['nl_NL', 'NL-nl', 'en', 'ua_UA']) {
        const body = pluginSdkOrder();
        body.customer.locale = locale;
        expect((await create(body)).customer.locale).toBe(locale);
      }
      const body = pluginSdkOrder();
      body.customer.locale = 'Ukrainian please';
      const refused = await api.post<Json>('/v1/orders/', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields[0].field).toBe('customer.locale');
    });

    it('stores an ip_address that is not an address as sent, and refuses one longer than 64 characters', async () => {
      const body = pluginSdkOrder();
      body.customer.ip_address = '10.0.0.1, 173.0.2.5';
      expect((await create(body)).customer.ip_address).toBe('10.0.0.1, 173.0.2.5');
      body.customer.ip_address = 'x'.repeat(65);
      const refused = await api.post<Json>('/v1/orders/', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual([expect.objectContaining({ field: 'customer.ip_address' })]);
    });

    it('answers customer.additional_addresses on every order with a customer, [] when none was sent', async () => {
      const order = await create({
        amount: 100,
        currency: 'EUR',
        customer: { first_name: 'Jane', merchant_customer_id: 'c-1' },
      });
      expect(order.customer).toEqual({
        first_name: 'Jane',
        merchant_customer_id: 'c-1',
        additional_addresses: [],
      });
      const read = await api.get<Json>(`/v1/orders/${order.id}/`);
      expect(read.text).toBe(JSON.stringify(order));
    });

    it('refuses a bad order line with a 400 naming order_lines.N.field, and writes nothing', async () => {
      const before = await sql(app.databaseUrl, 'select count(*)::int as n from orders');
      const body = pluginSdkOrder();
      body.order_lines.push(
        { ...body.order_lines[0], merchant_order_line_id: '6', quantity: 0 },
        { ...body.order_lines[0], merchant_order_line_id: '7', amount: 1.5, type: 'animal' },
      );
      const refused = await api.post<Json>('/v1/orders/', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.map((f: Json) => f.field).sort()).toEqual([
        'order_lines.1.quantity',
        'order_lines.2.amount',
        'order_lines.2.type',
      ]);
      expect(await sql(app.databaseUrl, 'select count(*)::int as n from orders')).toEqual(before);
    });

    it('still refuses fields the real service does not have', async () => {
      const body = pluginSdkOrder();
      body.customer.shoe_size = 44;
      body.order_lines[0].colour = 'white';
      body.loyalty_points = 3;
      const refused = await api.post<Json>('/v1/orders/', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.map((f: Json) => [f.field, f.code]).sort()).toEqual([
        ['customer.shoe_size', 'unknown_field'],
        ['loyalty_points', 'unknown_field'],
        ['order_lines.0.colour', 'unknown_field'],
      ]);
    });

    it('finds orders by order_lines.merchant_order_line_id in the search', async () => {
      const body = pluginSdkOrder();
      body.order_lines[0].merchant_order_line_id = 'sku-searched-4711';
      const order = await create(body);
      const found = await api.post<Json>('/v1/search/orders/', {
        query: 'order_lines.merchant_order_line_id:sku-searched-4711',
      });
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.body)).toContain(order.id);
      const none = await api.post<Json>('/v1/search/orders/', {
        query: 'order_lines.merchant_order_line_id:sku-searched-4712',
      });
      expect(JSON.stringify(none.body)).not.toContain(order.id);
    });
  });

  describe('what the SDK reads back', () => {
    it('re-serialises an order read back to exactly the answer (no empty optional arrays), also after a refund', async () => {
      const hosted = await create({ amount: 100, currency: 'EUR' });
      const paid = await paidOrder();
      const refund = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, { amount: 100, order_lines: [] });
      expect(refund.status).toBe(201);
      for (const id of [hosted.id, paid.id, refund.body.id]) {
        const read = await api.get<Json>(`/v1/orders/${id}/`);
        expect(withoutEmptyOptionalArrays(read.body)).toEqual(read.body);
      }
      const hostedRead = (await api.get<Json>(`/v1/orders/${hosted.id}/`)).body;
      expect(hostedRead).not.toHaveProperty('refund_orders');
      expect(hostedRead).not.toHaveProperty('chargeback_orders');
      expect(hostedRead.transactions).toEqual([]);
      expect((await api.get<Json>(`/v1/orders/${paid.id}/`)).body.refund_orders).toEqual([refund.body.id]);
    });
  });

  describe('refunds the SDK sends', () => {
    it('refunds an iDEAL order with the order lines sent, keeping the refund amount as the amount', async () => {
      const paid = await paidOrder();
      expect(paid.status).toBe('completed');
      const refund = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, {
        amount: 200,
        order_lines: paid.order_lines,
      });
      expect(refund.status).toBe(201);
      expect(refund.body).toMatchObject({
        amount: 200,
        status: 'completed',
        order_lines: PLUGIN_SDK_ORDER.order_lines,
        flags: ['is-refund', 'is-test'],
        transactions: [{ payment_method: 'ideal-refund', credit_debit: 'debit', status: 'accepted' }],
      });
      expect((await api.get<Json>(`/v1/orders/${paid.id}/`)).body.refunded_amount).toBe(200);
    });

    it('refuses refund lines in another currency at order_lines.N.currency', async () => {
      const paid = await paidOrder();
      const refused = await api.post<Json>(`/v1/orders/${paid.id}/refunds/`, {
        amount: 100,
        order_lines: [{ ...PLUGIN_SDK_ORDER.order_lines[0], currency: 'USD' }],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields[0].field).toBe('order_lines.0.currency');
    });
  });

  describe('updateOrder: PUT /v1/orders/{id}/', () => {
    it('takes the whole order back with a changed description (GET, change, PUT, GET)', async () => {
      const order = await create();
      const read = (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
      const changed = { ...read, description: 'Plugin order, two bottles' };
      const put = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, changed);
      expect(put.status).toBe(200);
      const after = (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
      expect(after).toEqual(put.body);
      const { modified: _before, ...rest } = read;
      const { modified, ...restAfter } = after;
      expect(restAfter).toEqual({ ...rest, description: 'Plugin order, two bottles' });
      expect(Date.parse(modified)).toBeGreaterThanOrEqual(Date.parse(read.modified));
    });

    it("changes an additional address's country and reads it back, as the SDK's own update test does", async () => {
      const order = await create();
      order.customer.additional_addresses[1].country = 'QQ';
      order.order_lines[0].name = 'Felix';
      order.merchant_order_id = 'shop-501';
      const put = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, order);
      expect(put.status).toBe(200);
      expect(put.body.customer.additional_addresses[1].country).toBe('QQ');
      expect(put.body.order_lines[0].name).toBe('Felix');
      expect(put.body.merchant_order_id).toBe('shop-501');
    });

    it('refuses a change of amount or currency with a 400 naming the field, and changes nothing', async () => {
      const order = await create();
      for (const [field, value] of [
        ['amount', 501],
        ['currency', 'USD'],
      ] as const) {
        const refused = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, {
          ...order,
          description: 'changed',
          [field]: value,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error.fields[0].field).toBe(field);
      }
      expect((await api.get<Json>(`/v1/orders/${order.id}/`)).body).toEqual(order);
    });

    it('answers 409 for a final order, and 404 for another project’s', async () => {
      const paid = await paidOrder();
      const final = await api.call<Json>('PUT', `/v1/orders/${paid.id}/`, { description: 'late' });
      expect(final.status).toBe(409);
      expect(final.body.error.type).toBe('order_final');
      const other = await seedProject(app, { name: 'Another shop' });
      const foreign = await restClient(app.baseUrl, other.apiKey).call<Json>(
        'PUT',
        `/v1/orders/${paid.id}/`,
        {
          description: 'mine now',
        },
      );
      expect(foreign.status).toBe(404);
    });

    it('cancels an order the shopper abandoned: state machine, event, outbox row and webhook', async () => {
      const body = pluginSdkOrder();
      body.webhook_url = `${receiver.url}/abandoned`;
      const order = await create(body);
      const put = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, { ...order, status: 'cancelled' });
      expect(put.status).toBe(200);
      expect(put.body.status).toBe('cancelled');
      expect(put.body.transactions[0].status).toBe('cancelled');
      expect(put.body.transactions[0].events.map((e: Json) => [e.event, e.source])).toEqual([
        ['new', 'set_status'],
        ['cancelled', 'merchant'],
      ]);
      const outbox = await sql(
        app.databaseUrl,
        "select data->>'status' as to from outbox_events where order_id = $1 and type = 'order.status_changed'",
        [order.id],
      );
      expect(outbox).toEqual([{ to: 'cancelled' }]);
      const webhooks = await receiver.waitFor(1);
      const webhook = webhooks.find((w) => w.path === '/abandoned');
      expect(JSON.parse(webhook!.body)).toMatchObject({ event: 'status_changed', order_id: order.id });
    });

    it('replays a PUT sent again with the same Idempotency-Key, and records it in the audit log', async () => {
      const order = await create();
      const headers = { 'idempotency-key': `update-${order.id}` };
      const first = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, { description: 'once' }, headers);
      const again = await api.call<Json>('PUT', `/v1/orders/${order.id}/`, { description: 'once' }, headers);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      const reused = await api.call<Json>(
        'PUT',
        `/v1/orders/${order.id}/`,
        { description: 'twice' },
        headers,
      );
      expect(reused.status).toBe(422);
      const audited = await eventually(
        async () => {
          const rows = await sql(
            app.databaseUrl,
            'select action, outcome from audit_events where target_id = $1 and action like $2',
            [order.id, 'PUT %'],
          );
          return rows.length >= 2 ? rows : undefined;
        },
        15_000,
        'the audit rows of the PUTs',
      );
      expect(audited).toContainEqual({ action: 'PUT /v1/orders/:orderId/', outcome: 'succeeded' });
    });
  });

  describe('the currencies the SDK caches, and the issuers older clients ask for', () => {
    it('answers each active method with its currencies, iDEAL EUR only', async () => {
      const answer = await api.get<Json>('/v1/merchants/self/projects/self/currencies');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.payment_methods)).toEqual([
        'credit-card',
        'wallet-a-pay',
        'wallet-b-pay',
        'ideal',
      ]);
      expect(answer.body.payment_methods.ideal).toEqual({ currencies: ['EUR'] });
      expect(answer.body.payment_methods['credit-card'].currencies).toEqual(
        expect.arrayContaining(['EUR', 'USD', 'JPY']),
      );
    });

    it('lists only the methods active in the project', async () => {
      const shop = await seedProject(app, { name: 'iDEAL only' });
      const changed = await graphqlClient(
        app.baseUrl,
        shop.apiKey,
      )('mutation { updateProject(input: {paymentMethods: [IDEAL]}) { userErrors { code } } }');
      expect(changed.errors).toBeUndefined();
      const shopApi = restClient(app.baseUrl, shop.apiKey);
      const only = await eventually(
        async () => {
          const { body } = await shopApi.get<Json>('/v1/merchants/self/projects/self/currencies');
          return Object.keys(body.payment_methods).length === 1 ? body : undefined;
        },
        15_000,
        'the project update',
      );
      expect(only).toEqual({ payment_methods: { ideal: { currencies: ['EUR'] } } });
    });

    it("answers the simulator's issuers in a test project and none in a live one", async () => {
      const issuers = await api.get<Json[]>('/v1/ideal/issuers/');
      expect(issuers.status).toBe(200);
      expect(issuers.body.length).toBeGreaterThan(0);
      for (const issuer of issuers.body)
        expect(Object.keys(issuer).sort()).toEqual(['id', 'list_type', 'name']);
      const live = await seedProject(app, { name: 'Live shop', mode: 'live' });
      const none = await restClient(app.baseUrl, live.apiKey).get<Json[]>('/v1/ideal/issuers/');
      expect(none.body).toEqual([]);
    });
  });

  describe('iDEAL orders', () => {
    it('refuses an iDEAL order in another currency with a 400 naming the currency', async () => {
      const body = { ...pluginSdkOrder(), currency: 'USD', order_lines: undefined };
      const refused = await api.post<Json>('/v1/orders/', body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields[0]).toMatchObject({ field: 'currency' });
      expect(refused.body.error.fields[0].message).toContain('USD');
    });

    it('refuses card fields on an iDEAL transaction and an issuer on a card one', async () => {
      const ideal = pluginSdkOrder();
      ideal.transactions[0].payment_method_details = { issuer_id: '15', cvc: '123' };
      const refusedIdeal = await api.post<Json>('/v1/orders/', ideal);
      expect(refusedIdeal.body.error.fields[0].field).toBe('transactions.0.payment_method_details.cvc');
      const card = pluginSdkOrder();
      card.transactions[0].payment_method = 'credit-card';
      const refusedCard = await api.post<Json>('/v1/orders/', card);
      expect(refusedCard.body.error.fields[0].field).toBe('transactions.0.payment_method_details.issuer_id');
    });

    it('is refused in a live project, which has no bank connection yet (422)', async () => {
      const live = await seedProject(app, { name: 'Live plugin shop', mode: 'live' });
      const refused = await restClient(app.baseUrl, live.apiKey).post<Json>('/v1/orders/', PLUGIN_SDK_ORDER);
      expect(refused.status).toBe(422);
      expect(refused.body.error.type).toBe('bank_not_connected');
    });

    it('follows the bank: approve completes, cancel cancels, fail errs, each back to the shop', async () => {
      const urls = { return_url: 'https://shop.example/return', failure_url: 'https://shop.example/failed' };
      const expected = {
        approve: ['completed', 'completed', 'https://shop.example/return'],
        cancel: ['cancelled', 'cancelled', 'https://shop.example/failed'],
        fail: ['error', 'error', 'https://shop.example/failed'],
      } as const;
      for (const [outcome, [transactionStatus, orderStatus, back]] of Object.entries(expected)) {
        const order = await create({ ...pluginSdkOrder(), ...urls });
        const bank = await chooseAtBank(order.transactions[0].payment_url, outcome as 'approve');
        expect(bank.location).toBe(`${back}?order_id=${order.id}`);
        const read = (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
        expect([read.transactions[0].status, read.status]).toEqual([transactionStatus, orderStatus]);
        // A second tab's choice changes nothing: the payment is over.
        const again = await fetch(order.transactions[0].payment_url, { redirect: 'manual' });
        expect(again.status).toBe(303);
      }
    });

    it("sends the order's status webhook when the bank approves, as for a card", async () => {
      const order = await create({ ...pluginSdkOrder(), webhook_url: `${receiver.url}/approved` });
      const before = receiver.received.length;
      await chooseAtBank(order.transactions[0].payment_url, 'approve');
      const webhooks = await receiver.waitFor(before + 1);
      const webhook = webhooks.find((w) => w.path === '/approved');
      expect(JSON.parse(webhook!.body)).toMatchObject({ event: 'status_changed', order_id: order.id });
      const read = (await api.get<Json>(`/v1/orders/${order.id}/`)).body;
      expect(read.transactions[0].events.map((e: Json) => [e.event, e.source])).toEqual([
        ['new', 'set_status'],
        ['completed', 'bank'],
      ]);
    });

    it('is found by the search and listed in the CSV report as ideal', async () => {
      const paid = await paidOrder();
      const found = await api.post<Json>('/v1/search/orders/', {
        query: `transactions.payment_method:ideal AND id:${paid.id}`,
      });
      expect(JSON.stringify(found.body)).toContain(paid.id);
      const csv = await api.post('/v1/search/orders/?format=csv', { query: `id:${paid.id}` });
      expect(csv.status).toBe(200);
      expect(csv.text).toContain(',ideal,');
    });

    it('is offered by a payment link, whose hosted order shows the iDEAL button', async () => {
      const link = await createLink(api, { payment_methods: ['ideal'] });
      const opened = await openLink(link.url);
      const page = await fetch(opened.location!);
      const html = await page.text();
      expect(html).toContain('/method/ideal');
      expect(html).toContain('>iDEAL</button>');
    });

    it('is not offered on the hosted page of an order in another currency', async () => {
      const order = await create({ amount: 995, currency: 'USD' });
      const html = await (await fetch(order.order_url)).text();
      expect(html).not.toContain('/method/ideal');
      const refused = await api.post<Json>('/v1/orders/', {
        amount: 995,
        currency: 'USD',
        payment_methods: ['credit-card', 'ideal'],
      });
      expect(refused.body.error.fields[0].field).toBe('payment_methods.1');
    });

    it('expires with its order when the customer leaves the bank page open', async () => {
      // The order's timer fires at its real deadline: two seconds.
      const order = await create({
        ...pluginSdkOrder(),
        expiration_period: 'PT2S',
        failure_url: 'https://shop.example/failed',
      });
      const read = await eventually(
        async () => {
          const { body } = await api.get<Json>(`/v1/orders/${order.id}/`);
          return body.status === 'expired' ? body : undefined;
        },
        15_000,
        'the expiry',
      );
      expect(read.transactions[0].status).toBe('expired');
      // Back at the bank's page later: the payment is over, and the customer goes back to the shop.
      const late = await fetch(order.transactions[0].payment_url, { redirect: 'manual' });
      expect(late.headers.get('location')).toBe(`https://shop.example/failed?order_id=${order.id}`);
    });
  });

  describe('the other clients: ginger-php 2.x paths, ginger-python 2.0.0 examples', () => {
    it('answers ginger-php 2.x paths, which have no trailing slash (GET, PUT, issuers)', async () => {
      const order = await create();
      const read = await api.get<Json>(`/v1/orders/${order.id}`);
      expect(read.body).toEqual(order);
      const put = await api.call<Json>('PUT', `/v1/orders/${order.id}`, {
        ...order,
        merchant_order_id: 'php-2',
      });
      expect(put.body.merchant_order_id).toBe('php-2');
      expect((await api.get<Json[]>('/v1/ideal/issuers')).status).toBe(200);
    });

    it("pays ginger-python's examples/ideal-payment.py order at the issuer it names", async () => {
      const issuers = await api.get<Json[]>('/v1/ideal/issuers/');
      expect(issuers.body.map((issuer) => issuer.id)).toContain('INGBNL2A');
      const order = await create({
        amount: 250,
        currency: 'EUR',
        transactions: [{ payment_method: 'ideal', payment_method_details: { issuer_id: 'INGBNL2A' } }],
      });
      const page = await fetch(order.transactions[0].payment_url);
      expect(await page.text()).toContain('ING (simulated)');
      await chooseAtBank(order.transactions[0].payment_url, 'approve');
      expect((await api.get<Json>(`/v1/orders/${order.id}/`)).body.status).toBe('completed');
    });
  });

  describe('GraphQL', () => {
    it('creates an IDEAL order with order lines, lists them, and updates the order with updateOrder', async () => {
      const created = await graphql<Json>(
        `mutation Create($input: CreateOrderInput!) {
          createOrder(input: $input) {
            order { id orderLines { merchantOrderLineId vatPercentage amount }
                    customer { gender birthdate additionalAddresses { addressType country } }
                    transactions { paymentMethod paymentUrl paymentMethodDetails { issuerId } } }
            userErrors { field message }
          }
        }`,
        {
          input: {
            amount: 500,
            currency: 'EUR',
            transactions: [{ paymentMethod: 'IDEAL', paymentMethodDetails: { issuerId: 'INGBNL2A' } }],
            customer: {
              gender: 'female',
              birthdate: '1990-02-28',
              additionalAddresses: [{ addressType: 'delivery', country: 'BE' }],
            },
            orderLines: [
              {
                type: 'physical',
                merchantOrderLineId: 'g-1',
                name: 'Tea',
                quantity: 2,
                amount: 250,
                vatPercentage: 900,
              },
            ],
          },
        },
      );
      expect(created.errors).toBeUndefined();
      const order = created.data!.createOrder.order;
      expect(order.orderLines).toEqual([{ merchantOrderLineId: 'g-1', vatPercentage: 900, amount: 250 }]);
      expect(order.customer.additionalAddresses).toEqual([{ addressType: 'delivery', country: 'BE' }]);
      expect(order.transactions[0]).toMatchObject({
        paymentMethod: 'IDEAL',
        paymentMethodDetails: { issuerId: 'INGBNL2A' },
      });

      const updated = await graphql<Json>(
        `mutation Update($id: ID!, $input: UpdateOrderInput!) {
          updateOrder(id: $id, input: $input) { order { description status } userErrors { field code } }
        }`,
        { id: order.id, input: { description: 'Tea for two', cancel: true } },
      );
      expect(updated.data!.updateOrder).toEqual({
        order: { description: 'Tea for two', status: 'CANCELLED' },
        userErrors: [],
      });
      const again = await graphql<Json>(
        `mutation Update($id: ID!) { updateOrder(id: $id, input: {description: "late"}) { order { id } userErrors { code } } }`,
        { id: order.id },
      );
      expect(again.data!.updateOrder).toEqual({ order: null, userErrors: [{ code: 'order_final' }] });
    });
  });
});
