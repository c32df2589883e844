import type { Browser } from 'playwright-core';
import { ensurePortalBuilt } from '../../portal/build.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { hasChromium, launchChromium } from '../hosted-pages/support.ts';
import { openPortal, PAGES_IN_QUICK_SUCCESSION, SIGN_IN_OFTEN, signInThroughForm } from './support.ts';

const describeInBrowser = hasChromium ? describe : describe.skip;

/** The portal under the default GRAPHQL_TRUSTED_DOCUMENTS=browsers: it sends document ids, never documents. */
describeInBrowser('the portal sends trusted document ids only (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    await ensurePortalBuilt('/portal/');
    [app, browser] = await Promise.all([
      startTestApp({ ...SIGN_IN_OFTEN, ...PAGES_IN_QUICK_SUCCESSION }),
      launchChromium(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('works through home, orders and an order page with ids alone, over HTTP and graphql-ws', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1500 });
    const { page, context, problems } = await openPortal(browser, `${app.baseUrl}/portal`);
    const bodies: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST')
        bodies.push(request.postDataJSON());
    });
    const subscribes: Record<string, any>[] = [];
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload));
        if (message.type === 'subscribe') subscribes.push(message.payload);
      }),
    );
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByText('€15.00').first().waitFor();
    await page.goto(`${app.baseUrl}/portal/orders/${paid.id}`);
    await page.getByRole('button', { name: 'Refund' }).waitFor();

    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) {
      expect({ operation: body.operationName, query: body.query, id: body.documentId }).toEqual({
        operation: expect.any(String),
        query: undefined,
        id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
    }
    expect(subscribes.length).toBeGreaterThan(0);
    for (const payload of subscribes) {
      expect({ query: payload.query, id: payload.documentId }).toEqual({
        query: '',
        id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      });
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
