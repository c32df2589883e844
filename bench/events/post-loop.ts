import { answerAndDisconnect } from '../lib/child-ipc.ts';

/**
 * Reference for webhook delivery: a plain HTTP client loop (Node's fetch, i.e. undici) posting the webhook's
 * body to the same receiver, `concurrency` requests in flight, `total` requests in all. Its own process, like
 * the project's delivery workers are not in the receiver's.
 *
 * IPC: `{ type: 'run', url, body, total, concurrency }` → `{ type: 'done', sent, failures }`.
 */
process.once(
  'message',
  async (message: { type: 'run'; url: string; body: string; total: number; concurrency: number }) => {
    let next = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: message.concurrency }, async () => {
        while (next < message.total) {
          next += 1;
          try {
            const response = await fetch(message.url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: message.body,
            });
            await response.arrayBuffer();
            if (response.status !== 200) failures += 1;
          } catch {
            failures += 1;
          }
        }
      }),
    );
    answerAndDisconnect({ type: 'done', sent: message.total, failures });
  },
);
