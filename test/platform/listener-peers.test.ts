import pg from 'pg';
import pino from 'pino';
import { PgListener } from '../../src/platform/pubsub/pg-listener.ts';
import { createTestDatabase } from '../helpers/database.ts';

const CHANNEL = 'outbox_events';
const logger = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A plain LISTEN connection (no PgListener) that keeps the payloads it hears on `channel`: what went over the wire. */
async function wireListening(url: string, channel: string): Promise<{ client: pg.Client; heard: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard: string[] = [];
  client.on('notification', (message) => heard.push(message.payload ?? ''));
  await client.query(`listen ${channel}`);
  return { client, heard };
}

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
  let heard: string[];
  const listeners: PgListener[] = [];
  const start = async () => {
    const listener = await PgListener.start({ url, channels: [CHANNEL], logger });
    listeners.push(listener);
    return listener;
  };

  beforeAll(async () => {
    url = await createTestDatabase();
    ({ client: wire, heard } = await wireListening(url, CHANNEL));
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
    const { client: older, heard } = await wireListening(url, CHANNEL);
    try {
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

/**
 * A channel only some processes read now and then (the events feed's, read while a subscription is open) goes
 * to the others only while one of them wants it (`want`): two processes with no subscriber send no NOTIFY at all.
 */
describe('an on-demand channel', () => {
  const ON_DEMAND = 'outbox_events_relayed';
  let url: string;
  let wire: pg.Client;
  let heard: string[];
  const started: PgListener[] = [];
  const start = async () => {
    const listener = await PgListener.start({
      url,
      channels: [CHANNEL, ON_DEMAND],
      onDemand: [ON_DEMAND],
      logger,
    });
    started.push(listener);
    return listener;
  };

  beforeAll(async () => {
    url = await createTestDatabase();
    ({ client: wire, heard } = await wireListening(url, ON_DEMAND));
  });
  afterAll(async () => {
    await Promise.all(started.map((listener) => listener.stop()));
    await wire.end();
  });

  it('is notified while another process wants it, and not before or after', async () => {
    const first = await start();
    const second = await start();
    let secondWoken = 0;
    second.on(ON_DEMAND, () => {
      secondWoken += 1;
    });
    // The two know each other (an ordinary channel goes over the wire)...
    const { client: ordinaryWire, heard: ordinary } = await wireListening(url, CHANNEL);
    try {
      await eventually(() => {
        first.signal(CHANNEL);
        return ordinary.length > 0;
      }, 'the first process notifies the second of an ordinary channel');
      // ...but nobody wants the on-demand one yet: its signals stay in the process.
      for (let i = 0; i < 5; i++) first.signal(ON_DEMAND);
      await sleep(300);
      expect(heard).toEqual([]);
      expect(secondWoken).toBe(0);

      // The second starts to want it: woken at once for the first one's earlier commits, then for each new one.
      second.want(ON_DEMAND, true);
      await eventually(() => secondWoken >= 1, 'the second process is woken for the earlier commits');
      const before = secondWoken;
      first.signal(ON_DEMAND);
      await eventually(() => secondWoken > before, 'the second process hears a new commit');

      // And no longer once it stops wanting it.
      second.want(ON_DEMAND, false);
      await sleep(300);
      const after = heard.length;
      for (let i = 0; i < 5; i++) first.signal(ON_DEMAND);
      await sleep(300);
      expect(heard.length).toBe(after);
    } finally {
      await ordinaryWire.end();
    }
  });

  it('goes to a process that never says what it wants (an earlier version, mid-deploy)', async () => {
    const otherUrl = await createTestDatabase();
    const listener = await PgListener.start({
      url: otherUrl,
      channels: [CHANNEL, ON_DEMAND],
      onDemand: [ON_DEMAND],
      logger,
    });
    const { client: older, heard: olderHeard } = await wireListening(otherUrl, ON_DEMAND);
    try {
      // It greets as every version did, and never says `wants`.
      await older.query('select pg_notify($1, $2)', [
        'gateway_listeners',
        'hello:0b9a3c1e-5f7d-4e2a-8c6b-1d2e3f4a5b6c',
      ]);
      await eventually(() => {
        listener.signal(ON_DEMAND);
        return olderHeard.length > 0;
      }, 'the earlier version is notified of the on-demand channel');
    } finally {
      await listener.stop();
      await older.end();
    }
  });

  it('stops notifying a process whose wish lapsed (it died with a subscription open), and keeps notifying one that repeats it', async () => {
    const otherUrl = await createTestDatabase();
    const options = {
      url: otherUrl,
      channels: [CHANNEL, ON_DEMAND],
      onDemand: [ON_DEMAND],
      logger,
      wantsTtlMs: 600,
    };
    const listener = await PgListener.start(options);
    const { client: died, heard: diedHeard } = await wireListening(otherUrl, ON_DEMAND);
    let living: PgListener | null = null;
    try {
      // A process greets, says it wants the channel once, and is never heard of again.
      const token = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
      await died.query('select pg_notify($1, $2)', ['gateway_listeners', `hello:${token}`]);
      await died.query('select pg_notify($1, $2)', ['gateway_listeners', `wants:${token}:${ON_DEMAND}`]);
      await eventually(() => {
        listener.signal(ON_DEMAND);
        return diedHeard.length > 0;
      }, 'the process that wants it is notified');
      await sleep(700);
      const lapsed = diedHeard.length;
      for (let i = 0; i < 5; i++) listener.signal(ON_DEMAND);
      await sleep(300);
      expect(diedHeard.length).toBe(lapsed);

      // A living process repeats its wish (a third of the TTL): still notified after twice the TTL.
      living = await PgListener.start(options);
      let woken = 0;
      living.on(ON_DEMAND, () => {
        woken += 1;
      });
      living.want(ON_DEMAND, true);
      await sleep(1_300);
      const before = woken;
      listener.signal(ON_DEMAND);
      await eventually(() => woken > before, 'the living process is still notified');
    } finally {
      await living?.stop();
      await listener.stop();
      await died.end();
    }
  });

  it('refuses a wish for a channel that is not on demand', async () => {
    const listener = started[0]!;
    expect(() => listener.want(CHANNEL, true)).toThrow(/not an on-demand channel/);
  });
});
