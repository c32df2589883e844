import { parseConfig } from '../../src/config/index.ts';
import { postWebhook } from '../../src/modules/webhooks/delivery/http-post.ts';
import {
  categorizeAddress,
  refuseAddress,
  refuseUrl,
  type TargetPolicy,
} from '../../src/platform/security/outbound-targets.ts';
import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const live: TargetPolicy = { projectMode: 'live', allowPrivateTargets: false };
const test: TargetPolicy = { projectMode: 'test', allowPrivateTargets: false };
const development: TargetPolicy = { projectMode: 'live', allowPrivateTargets: true };

describe('outbound safety rules', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['2606:2800:220:1:248:1893:25c8:1946', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.9.9.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.100.100.200', 'private'],
    ['fd00:ec2::254', 'private'],
    ['169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'],
  ])('classifies %s as %s', (address, category) => {
    expect(categorizeAddress(address)).toBe(category);
  });

  it('keeps test projects off loopback where the configuration says so (production, by default)', () => {
    const production = { ...test, testProjectsLoopback: false };
    expect(refuseAddress('127.0.0.1', production)).toMatch(/loopback/);
    expect(refuseAddress('::1', production)).toMatch(/loopback/);
    expect(refuseAddress('93.184.216.34', production)).toBeNull();
    expect(parseConfig({}).webhooks.testProjectsLoopback).toBe(true);
    expect(
      parseConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db.example/gateway',
        VAULT_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
        IDEMPOTENCY_SECRET: 'x'.repeat(32),
      }).webhooks.testProjectsLoopback,
    ).toBe(false);
  });

  it('lets test projects reach loopback only, and the development setting private addresses too', () => {
    expect(refuseAddress('127.0.0.1', live)).toMatch(/loopback/);
    expect(refuseAddress('127.0.0.1', test)).toBeNull();
    expect(refuseAddress('10.0.0.1', test)).toMatch(/private/);
    expect(refuseAddress('10.0.0.1', development)).toBeNull();
    expect(refuseAddress('169.254.169.254', development)).toMatch(/link-local/);
    expect(refuseAddress('93.184.216.34', live)).toBeNull();
  });

  it('requires https for live projects unless the development setting is on', () => {
    expect(refuseUrl(new URL('http://shop.example/hook'), live)).toMatch(/https/);
    expect(refuseUrl(new URL('https://shop.example/hook'), live)).toBeNull();
    expect(refuseUrl(new URL('http://shop.example/hook'), test)).toBeNull();
    expect(refuseUrl(new URL('http://shop.example/hook'), development)).toBeNull();
    expect(refuseUrl(new URL('https://user:pw@shop.example/hook'), live)).toMatch(/credentials/);
  });

  describe('at delivery time', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver.close());
    beforeEach(() => {
      receiver.received.length = 0;
    });

    const post = (url: string, policy: TargetPolicy, resolve?: (host: string) => Promise<any[]>) =>
      postWebhook(
        { url, body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 500, policy },
        { resolve },
      );

    it('refuses a name that resolves to loopback for a live project (DNS rebinding) and sends nothing', async () => {
      const rebinding = async () => [{ address: '127.0.0.1', family: 4 }];
      const result = await post(`https://rebind.example:${receiver.port}/hook`, live, rebinding);
      expect(result).toMatchObject({ ok: false, errorKind: 'blocked_target' });
      expect(result.errorMessage).toBe('rebind.example resolves to a loopback address');
      expect(receiver.received).toEqual([]);
    });

    it.each([
      ['::ffff:0:7f00:1'],
      ['::7f00:1'],
      ['::ffff:0:a9fe:a9fe'],
      ['64:ff9b::a9fe:a9fe'],
      ['2002:a00:1::1'],
    ])('refuses a name that resolves to the IPv6 form %s of a refused IPv4 address', async (address) => {
      const result = await post('https://hooks.example/hook', live, async () => [{ address, family: 6 }]);
      expect(result).toMatchObject({ ok: false, errorKind: 'blocked_target' });
      expect(result.errorMessage).toMatch(/^hooks.example resolves to an? [a-z-]+ address/);
      expect(result.errorMessage).not.toContain(address);
    });

    it('connects to the address it checked, keeping the original host name', async () => {
      const resolved: string[] = [];
      const result = await post(`http://hooks.shop.example:${receiver.port}/hook`, test, async (host) => {
        resolved.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      });
      expect(result).toMatchObject({ ok: true, httpStatus: 200 });
      expect(resolved).toEqual(['hooks.shop.example']);
      expect(receiver.received[0]!.headers.host).toBe(`hooks.shop.example:${receiver.port}`);
    });

    it('tries every checked address of a name in turn, as for localhost on IPv6 and IPv4', async () => {
      const bothFamilies = async () => [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ];
      const result = await post(`http://localhost:${receiver.port}/hook`, test, bothFamilies);
      expect(result).toMatchObject({ ok: true, httpStatus: 200 });
      expect(receiver.received).toHaveLength(1);
    });

    it('counts a name that does not resolve in time as a connect timeout', async () => {
      const result = await post('http://slow-dns.example/hook', test, () => new Promise(() => undefined));
      expect(result).toMatchObject({ ok: false, errorKind: 'connect_timeout' });
      expect(result.durationMs).toBeGreaterThanOrEqual(490);
    });
  });

  describe('for live projects', () => {
    let app: TestApp;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      app = await startTestApp({ WEBHOOK_RETRY_INTERVAL_SECONDS: '1' });
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await app.stop();
      await receiver.close();
    });

    it('refuses an http or loopback webhook_url when the order is created', async () => {
      const project = await seedProject(app, { mode: 'live' });
      const rest = restClient(app.baseUrl, project.apiKey);
      const plain = await rest.post('/v1/orders/', buildOrder({ webhook_url: receiver.url }));
      const loopback = await rest.post(
        '/v1/orders/',
        buildOrder({ webhook_url: `https://127.0.0.1:${receiver.port}/` }),
      );
      expect(plain.status).toBe(400);
      expect(plain.body).toMatchObject({ error: { value: expect.stringContaining('https') } });
      expect(loopback.status).toBe(400);
      expect(loopback.body).toMatchObject({ error: { value: expect.stringContaining('loopback') } });
    });

    it('still blocks such targets at delivery time and logs the attempt as blocked', async () => {
      // URLs stored before a rule applied (or set directly) meet the same check when a delivery is attempted.
      const project = await seedProject(app, { mode: 'live' });
      const rest = restClient(app.baseUrl, project.apiKey);
      const plain = await rest.post<{ id: string }>(
        '/v1/orders/',
        buildOrder({ webhook_url: 'https://shop.example/a' }),
      );
      const tls = await rest.post<{ id: string }>(
        '/v1/orders/',
        buildOrder({ webhook_url: 'https://shop.example/b' }),
      );
      await sql(app.databaseUrl, 'update orders set webhook_url = $1 where id = $2', [
        receiver.url,
        plain.body.id,
      ]);
      await sql(app.databaseUrl, 'update orders set webhook_url = $1 where id = $2', [
        `https://127.0.0.1:${receiver.port}/`,
        tls.body.id,
      ]);
      await cancelOrder(app.runtime.services.orm, plain.body.id);
      await cancelOrder(app.runtime.services.orm, tls.body.id);

      const attempts = await eventually(async () => {
        const rows = await sql<{ order_id: string; error_kind: string; error_message: string }>(
          app.databaseUrl,
          `select d.order_id, a.error_kind, a.error_message from webhook_delivery_attempts a
             join webhook_deliveries d on d.id = a.delivery_id where a.attempt_number = 1`,
        );
        return rows.length === 2 && rows;
      });
      const byOrder = new Map(attempts.map((row) => [row.order_id, row]));
      expect(byOrder.get(plain.body.id)).toMatchObject({ error_kind: 'blocked_target' });
      expect(byOrder.get(plain.body.id)!.error_message).toContain('https');
      expect(byOrder.get(tls.body.id)).toMatchObject({ error_kind: 'blocked_target' });
      expect(byOrder.get(tls.body.id)!.error_message).toContain('loopback');
      expect(receiver.received).toEqual([]);
    });
  });

  it('lets a live project reach a local http receiver with the development setting', async () => {
    const app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    const receiver = await startReceiver();
    try {
      const project = await seedProject(app, { mode: 'live', webhookUrl: receiver.url });
      const order = await restClient(app.baseUrl, project.apiKey).post<{ id: string }>(
        '/v1/orders/',
        buildOrder(),
      );
      await cancelOrder(app.runtime.services.orm, order.body.id);
      const [webhook] = await receiver.waitFor(1);
      expect(JSON.parse(webhook!.body).order_id).toBe(order.body.id);
    } finally {
      await app.stop();
      await receiver.close();
    }
  });
});
