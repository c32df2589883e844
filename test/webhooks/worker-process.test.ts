import { buildOrder } from '../factories/order.ts';
import { cancelOrder } from '../factories/order-status.ts';
import { seedProject } from '../factories/project.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { restClient } from '../helpers/http.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';

describe('npm run worker', () => {
  it('relays and delivers webhooks for an API server that runs no workers, and stops on SIGTERM', async () => {
    const databaseUrl = await createTestDatabase();
    const api = await startTestApp({ DATABASE_URL: databaseUrl, JOBS_ENABLED: 'false' });
    const receiver = await startReceiver();
    const worker = await startServerProcess(
      { DATABASE_URL: databaseUrl, OUTBOX_SWEEP_INTERVAL_SECONDS: '1' },
      { script: 'src/worker.ts', readyText: 'worker running' },
    );
    try {
      const project = await seedProject(api, { webhookUrl: receiver.url });
      const { body } = await restClient(api.baseUrl, project.apiKey).post<{ id: string }>(
        '/v1/orders/',
        buildOrder(),
      );
      await cancelOrder(api.runtime.services.orm, body.id);
      const [webhook] = await receiver.waitFor(1);
      expect(JSON.parse(webhook!.body)).toEqual({
        event: 'status_changed',
        order_id: body.id,
        project_id: project.projectId,
      });
      expect(api.logs.some((line) => line.includes('webhook delivered'))).toBe(false);
      expect(await worker.kill('SIGTERM')).toBe(0);
    } finally {
      await worker.kill('SIGKILL');
      await api.stop();
      await receiver.close();
    }
  }, 60_000);
});
