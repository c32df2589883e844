import pg from 'pg';
import pino from 'pino';
import { PgListener } from '../../src/platform/pubsub/pg-listener.ts';
import { createTestDatabase } from '../helpers/database.ts';

const CHANNEL = 'outbox_events';
const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

/**
 * A process tells the others of its commits by NOTIFY (platform/pubsub/pg-listener.ts), and only when there are
 * others: listeners find each other on their own channel. Real PgListeners on a real database, and a plain
 * LISTEN connection that counts what goes over the wire.
 */
describe('listeners of one database', () => {
  let url: string;
  let wire: pg.Client;
  const heard: string[] = [];
  const listeners: PgListener[] = [];
  const start = async () => {
    const listener = await PgListener.start({ url, channels: [CHANNEL], logger });
    listeners.push(listener);
    return listener;
  };

  beforeAll(async () => {
    url = await createTestDatabase();
    wire = new pg.Client({ connectionString: url });
    await wire.connect();
    wire.on('notification', (message) => heard.push(message.payload ?? ''));
    await wire.query(`listen ${CHANNEL}`);
  });
  afterAll(async () => {
    await Promise.all(listeners.map((listener) => listener.stop()));
    await wire.end();
  });

  it('a process alone sends no NOTIFY: its own handlers run, and nothing goes to the database', async () => {
    const alone = await start();
    let ownHandler = 0;
    alone.on(CHANNEL, () => {
      ownHandler += 1;
    });
    for (let i = 0; i < 5; i++) alone.signal(CHANNEL);
    await sleep(300);
    expect(ownHandler).toBe(5);
    expect(heard).toEqual([]);
  });

  it('a second process is told of the first one’s earlier commits as soon as it listens, and then of each new one', async () => {
    const first = listeners[0]!;
    const firstHeard: string[] = [];
    first.on(CHANNEL, (payload) => firstHeard.push(payload));
    let secondWoken = 0;
    const second = await start();
    second.on(CHANNEL, () => {
      secondWoken += 1;
    });
    // No new signal: the first process announces what it signalled before, once it hears the second's hello.
    await eventually(
      () => secondWoken >= 1,
      'the second process is woken for the first one’s earlier commits',
    );

    const before = secondWoken;
    first.signal(CHANNEL);
    await eventually(() => secondWoken > before, 'the second process hears a new commit of the first');

    // And the other way round: the second learnt of the first from its answer.
    await eventually(() => {
      if (firstHeard.length > 0) return true;
      second.signal(CHANNEL);
      return false;
    }, 'the first process hears the second one’s commit');
    expect(firstHeard.every((payload) => payload !== '')).toBe(true);
  });
});

describe('a listener beside a process that never greets (an earlier version, mid-deploy)', () => {
  it('takes that process’s signal for a peer and notifies from then on', async () => {
    const url = await createTestDatabase();
    const listener = await PgListener.start({ url, channels: [CHANNEL], logger });
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    const heard: string[] = [];
    older.on('notification', (message) => heard.push(message.payload ?? ''));
    try {
      await older.query(`listen ${CHANNEL}`);
      listener.signal(CHANNEL);
      await sleep(200);
      expect(heard).toEqual([]);
      // The older process signals a commit of its own, as every version did.
      await older.query('select pg_notify($1, $2)', [CHANNEL, '0b9a3c1e-5f7d-4e2a-8c6b-1d2e3f4a5b6c']);
      await eventually(() => heard.length >= 2, 'the listener notifies what it signalled before');
      const before = heard.length;
      listener.signal(CHANNEL);
      await eventually(() => heard.length > before, 'the listener notifies a new commit');
    } finally {
      await listener.stop();
      await older.end();
    }
  });
});

describe('the listener connection', () => {
  it('sends one NOTIFY at a time, whatever signals and greetings come together', async () => {
    // Every query of a listener connection, with how many were running on that connection when it was sent.
    const running = new Map<pg.Client, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const listening =
        (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
          .application_name === 'payments-gateway-listen';
      if (!listening) return (query as (...a: unknown[]) => unknown).apply(this, args);
      running.set(this, (running.get(this) ?? 0) + 1);
      most = Math.max(most, running.get(this)!);
      const result = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      const done = () => running.set(this, running.get(this)! - 1);
      result.then(done, done);
      return result;
    } as typeof query;
    const url = await createTestDatabase();
    const channels = ['outbox_events', 'outbox_events_relayed', 'webhook_deliveries'];
    const started: PgListener[] = [];
    try {
      const first = await PgListener.start({ url, channels, logger });
      started.push(first);
      for (const channel of channels) first.signal(channel);
      // A second process: its greeting, the first one's answer and its catch-up on three channels, at once.
      const second = await PgListener.start({ url, channels, logger });
      started.push(second);
      for (let round = 0; round < 20; round++) {
        for (const channel of channels) {
          first.signal(channel);
          second.signal(channel);
        }
        await sleep(1);
      }
      await sleep(200);
      expect(most).toBe(1);
    } finally {
      pg.Client.prototype.query = query;
      await Promise.all(started.map((listener) => listener.stop()));
    }
  });
});
