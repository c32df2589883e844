import { projectProgram } from '../../src/cli/project-program.ts';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { runInProcess } from '../helpers/cli.ts';
import { createTestDatabase, sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { restClient } from '../helpers/http.ts';
import { openPage } from '../helpers/pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Created = { project_id: string; merchant_id: string; api_key: string };

describe('merchants, their test and live projects, and a project’s payment methods', () => {
  let databaseUrl: string;
  let app: TestApp;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    app = await startTestApp({ DATABASE_URL: databaseUrl });
  });
  afterAll(() => app.stop());

  // The project CLI's program in this process (test/projects/cli.test.ts runs the script itself once).
  const cli = (...args: string[]) =>
    runInProcess(projectProgram, args, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  const createByCli = async (...args: string[]) =>
    JSON.parse((await cli('create', ...args, '--json')).stdout) as Created;

  it('shows the merchant name on the REST order (top level) and on the GraphQL Order', async () => {
    const project = await seedProject(app, { name: 'Tulip Tickets' });
    const api = restClient(app.baseUrl, project.apiKey);
    const created = await api.post('/v1/orders/', buildOrder());
    expect(created.body).toMatchObject({ merchant_id: project.merchantId, merchant_name: 'Tulip Tickets' });
    const read = await api.get(`/v1/orders/${created.body.id}/`);
    expect(read.body.merchant_name).toBe('Tulip Tickets');
    const { data } = await graphqlClient(app.baseUrl, project.apiKey)<{ order: Record<string, unknown> }>(
      'query O($id: ID!) { order(id: $id) { merchantId merchantName } }',
      { id: created.body.id },
    );
    expect(data?.order).toEqual({ merchantId: project.merchantId, merchantName: 'Tulip Tickets' });
  });

  it('adds a live project to an existing merchant with --merchant: both share the merchant id and name', async () => {
    const test = await createByCli('--name', 'Bakery', '--mode', 'test');
    const live = await createByCli('--name', 'Bakery live', '--mode', 'live', '--merchant', test.merchant_id);
    expect(live.merchant_id).toBe(test.merchant_id);
    expect(live.project_id).not.toBe(test.project_id);
    expect(live.api_key).toMatch(/^sk_live_/);
    const merchants = await sql(databaseUrl, 'select count(*)::int as n from merchants where id = $1', [
      test.merchant_id,
    ]);
    expect(merchants).toEqual([{ n: 1 }]);
    const order = await restClient(app.baseUrl, live.api_key).post('/v1/orders/', buildOrder());
    expect(order.body).toMatchObject({ merchant_id: test.merchant_id, merchant_name: 'Bakery' });
    expect(order.body.flags).not.toContain('is-test');
  });

  it('refuses --merchant naming no merchant, and creates nothing', async () => {
    const before = await sql(databaseUrl, 'select count(*)::int as n from projects');
    await expect(
      cli(
        'create',
        '--name',
        'Ghost',
        '--mode',
        'live',
        '--merchant',
        '00000000-0000-4000-8000-000000000000',
      ),
    ).rejects.toMatchObject({ code: 65, stderr: expect.stringContaining('--merchant') });
    await expect(
      cli('create', '--name', 'Ghost', '--mode', 'live', '--merchant', 'nope'),
    ).rejects.toMatchObject({
      code: 65,
      stderr: expect.stringContaining('--merchant'),
    });
    expect(await sql(databaseUrl, 'select count(*)::int as n from projects')).toEqual(before);
  });

  it('changes payment methods from the CLI; the running server (another process) follows at once', async () => {
    const project = await createByCli('--name', 'Kiosk', '--mode', 'test');
    const api = restClient(app.baseUrl, project.api_key);
    // The server now holds the key's actor (with the project's payment methods) in its credential cache.
    const before = await api.post('/v1/orders/', buildOrder({ payment_methods: ['wallet-a-pay'] }));
    expect(before.status).toBe(201);

    const { stdout } = await cli(
      'set-payment-methods',
      '--project',
      project.project_id,
      '--methods',
      'credit-card',
    );
    expect(stdout).toContain('credit-card');
    expect(
      await sql(databaseUrl, 'select payment_methods from projects where id = $1', [project.project_id]),
    ).toEqual([{ payment_methods: ['credit-card'] }]);

    let refused = await api.post('/v1/orders/', buildOrder({ payment_methods: ['wallet-a-pay'] }));
    for (let i = 0; refused.status === 201 && i < 50; i++) {
      // The NOTIFY from the CLI's commit reaches the server asynchronously (milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 20));
      refused = await api.post('/v1/orders/', buildOrder({ payment_methods: ['wallet-a-pay'] }));
    }
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("payment_methods.0: 'wallet-a-pay' is not active in this project");

    // The hosted page offers only what is active now, even for an order created earlier with wallet A.
    const { html } = await openPage(before.body.order_url as string);
    expect(html).not.toContain('Wallet A Pay');
    const hosted = await api.post('/v1/orders/', buildOrder());
    const page = await openPage(hosted.body.order_url as string);
    expect(page.html).toContain('card-number');
    expect(page.html).not.toContain('Wallet B Pay');
  });

  it('refuses an unknown method and a repeated method, and changes nothing', async () => {
    const project = await createByCli('--name', 'Strict', '--mode', 'test');
    const all = await sql(databaseUrl, 'select payment_methods from projects where id = $1', [
      project.project_id,
    ]);
    for (const methods of ['credit-card,cash', 'credit-card,credit-card']) {
      await expect(
        cli('set-payment-methods', '--project', project.project_id, '--methods', methods),
      ).rejects.toMatchObject({ code: 65, stderr: expect.stringContaining('--methods') });
    }
    await expect(cli('set-payment-methods', '--project', project.project_id)).rejects.toMatchObject({
      code: 64,
    });
    expect(
      await sql(databaseUrl, 'select payment_methods from projects where id = $1', [project.project_id]),
    ).toEqual(all);
  });

  it('changes payment methods through GraphQL updateProject, and order creation follows at once', async () => {
    const project = await seedProject(app, { name: 'Dashboard shop' });
    const gql = graphqlClient(app.baseUrl, project.apiKey);
    const api = restClient(app.baseUrl, project.apiKey);
    expect((await api.post('/v1/orders/', buildOrder())).status).toBe(201);
    const mutation = `mutation U($input: UpdateProjectInput!) {
      updateProject(input: $input) { project { paymentMethods } userErrors { field code message } }
    }`;
    const changed = await gql<{ updateProject: Record<string, unknown> }>(mutation, {
      input: { paymentMethods: ['WALLET_B_PAY', 'CREDIT_CARD'] },
    });
    // Kept in the registry's order, whatever the order sent.
    expect(changed.data?.updateProject).toEqual({
      project: { paymentMethods: ['CREDIT_CARD', 'WALLET_B_PAY'] },
      userErrors: [],
    });
    const refused = await api.post('/v1/orders/', {
      ...buildOrder(),
      transactions: [{ payment_method: 'wallet-a-pay' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(
      "transactions.0.payment_method: 'wallet-a-pay' is not active in this project",
    );
    const read = await gql<{ project: Record<string, unknown> }>('{ project { paymentMethods } }');
    expect(read.data?.project).toEqual({ paymentMethods: ['CREDIT_CARD', 'WALLET_B_PAY'] });

    for (const paymentMethods of [[], ['CREDIT_CARD', 'CREDIT_CARD']]) {
      const bad = await gql<{ updateProject: { project: unknown; userErrors: { field: string[] }[] } }>(
        mutation,
        {
          input: { paymentMethods },
        },
      );
      expect(bad.data?.updateProject.project).toBeNull();
      expect(bad.data?.updateProject.userErrors[0]).toMatchObject({ field: 'paymentMethods' });
    }
    const after = await gql<{ project: Record<string, unknown> }>('{ project { paymentMethods } }');
    expect(after.data?.project).toEqual({ paymentMethods: ['CREDIT_CARD', 'WALLET_B_PAY'] });
  });
});
