import { completeAbandonedRefunds } from '../../src/modules/back-office/commands/complete-refunds.ts';
import { createRefund } from '../../src/modules/back-office/commands/create-refund.ts';
import { authenticateApiKey } from '../../src/modules/identity/commands/authenticate-api-key.ts';
import { acquirerDirectory } from '../../src/modules/payments/acquirer/acquirer-directory.ts';
import type { Acquirer, OperationResult } from '../../src/modules/payments/acquirer/index.ts';
import type { AppDeps } from '../../src/services.ts';
import { payOwnCheckoutOrder } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { storedRefunds } from './support.ts';

type Json = Record<string, any>;

/** An acquirer whose refunds answer as told; everything else is never called by a refund. */
function refundingAcquirer(refund: Acquirer['refund']): Acquirer {
  const unused = () => Promise.reject(new Error('not used by refunds'));
  return {
    name: 'stub',
    authorize: unused,
    capture: unused,
    void: unused,
    refund,
    accountNameInquiry: unused,
  };
}

describe('refunds the acquirer does not accept', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let deps: AppDeps;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = await startTestApp({ OUTBOX_SWEEP_INTERVAL_SECONDS: '1' });
    receiver = await startReceiver();
    project = await seedProject(app, { webhookUrl: receiver.url });
    api = restClient(app.baseUrl, project.apiKey);
    deps = app.runtime.deps;
  });
  afterAll(async () => {
    await app.stop();
    await receiver.close();
  });

  const actor = () => authenticateApiKey(deps, project.apiKey);
  /** The app's services with refunds sent to `acquirer` (where `acquirer` throws, to no acquirer at all). */
  const refundingWith = (acquirer: () => Acquirer) => ({ ...deps, acquirers: acquirerDirectory(acquirer) });
  const getOrder = async (orderId: string) => (await api.get<Json>(`/v1/orders/${orderId}/`)).body;

  it('ends a declined refund in error and gives nothing back, so the balance stays available', async () => {
    const original = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const declined: OperationResult = {
      kind: 'declined',
      responseCode: '05',
      responseCodeDescription: 'Do not honour',
      reason: 'do_not_honour',
    };

    const { refund, order } = await createRefund(
      refundingWith(() => refundingAcquirer(async () => declined)),
      await actor(),
      original.id,
      { amount: 1000 },
    );

    expect(refund.order.status).toBe('error');
    expect(refund.transactions[0]!.transaction).toMatchObject({
      status: 'declined',
      reason: 'do_not_honour',
      outcomes: { processing: { status: 'declined', response_code: '05' } },
    });
    expect(order.order.refundedAmount).toBe(0);
    expect((await getOrder(original.id)).refunded_amount).toBe(0);
    const retry = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, { amount: 1000 });
    expect(retry.status).toBe(201);
    expect(retry.body.status).toBe('completed');
  });

  it('leaves a refund processing when the acquirer cannot be reached, and keeps its amount reserved', async () => {
    const original = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const problems: unknown[] = [];

    const { refund, order } = await createRefund(
      refundingWith(() =>
        refundingAcquirer(async () => {
          throw new Error('connection reset by acquirer');
        }),
      ),
      await actor(),
      original.id,
      { amount: 700 },
      { onAcquirerError: (error) => problems.push(error) },
    );

    expect(problems).toHaveLength(1);
    expect(refund.order.status).toBe('processing');
    expect(refund.transactions[0]!.transaction.status).toBe('processing');
    expect(refund.transactions[0]!.events.map((e) => e.event)).toEqual(['new', 'processing']);
    expect(order.order.refundedAmount).toBe(0);
    const tooMuch = await api.post<Json>(`/v1/orders/${original.id}/refunds/`, { amount: 301 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.value).toContain('remaining refundable amount of 3.00 EUR (300 minor units)');
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 300 })).status).toBe(201);
  });

  it('gives up a refund the acquirer never answers: failed through the state machine, its amount released', async () => {
    const original = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const unreachable = refundingWith(() =>
      refundingAcquirer(async () => {
        throw new Error('connection timed out');
      }),
    );
    const { refund } = await createRefund(
      unreachable,
      await actor(),
      original.id,
      { amount: 600 },
      {
        onAcquirerError: () => undefined,
      },
    );
    const refundId = refund.order.id;

    // A round within COMPLETER_GIVE_UP_SECONDS asks again and leaves it processing; one past it gives up.
    await completeAbandonedRefunds(unreachable, { graceMs: 0, giveUpMs: 60_000 });
    expect((await getOrder(refundId)).status).toBe('processing');
    await completeAbandonedRefunds(unreachable, { graceMs: 0, giveUpMs: 0 });

    const failed = await getOrder(refundId);
    expect(failed.status).toBe('error');
    expect(failed.transactions[0]).toMatchObject({
      status: 'error',
      reason: 'processor_error',
      outcomes: { processing: { status: 'error', response_code: '68' } },
    });
    expect(failed.transactions[0].events.map((e: Json) => e.event)).toEqual(['new', 'processing', 'error']);
    // Released: the whole payment can be refunded again, and the merchant was told by its webhook.
    expect((await getOrder(original.id)).refunded_amount).toBe(0);
    expect((await api.post(`/v1/orders/${original.id}/refunds/`, { amount: 1000 })).status).toBe(201);
    await eventually(
      async () => receiver.received.some((webhook) => JSON.parse(webhook.body).order_id === refundId),
      15_000,
      "the failed refund's webhook",
    );
  });

  it('refuses a refund where no acquirer is configured, before writing anything', async () => {
    const original = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
    const before = await getOrder(original.id);

    await expect(
      createRefund(
        refundingWith(() => {
          throw new Error('no acquirer');
        }),
        await actor(),
        original.id,
        { amount: 100 },
      ),
    ).rejects.toThrow('no acquirer');

    expect(await getOrder(original.id)).toEqual(before);
    expect(await storedRefunds(app.databaseUrl, original.id)).toEqual([]);
  });
});
