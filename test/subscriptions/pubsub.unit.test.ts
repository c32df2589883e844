import { apiKeyFromConnectionParams } from '../../src/modules/subscriptions/connection-auth.ts';
import { PubSub } from '../../src/platform/pubsub/pubsub.ts';

describe('in-process pub/sub', () => {
  it('gives each subscriber the events its filter keeps, in order', async () => {
    const pubsub = new PubSub<number>();
    const even = pubsub.subscribe((n) => n % 2 === 0);
    const all = pubsub.subscribe();
    for (const n of [1, 2, 3, 4]) pubsub.publish(n);
    expect([(await even.next()).value, (await even.next()).value]).toEqual([2, 4]);
    expect(await Promise.all([1, 2, 3, 4].map(() => all.next().then((r) => r.value)))).toEqual([1, 2, 3, 4]);
  });

  it('resolves a waiting consumer as soon as an event is published', async () => {
    const pubsub = new PubSub<string>();
    const iterator = pubsub.subscribe();
    const pending = iterator.next();
    pubsub.publish('hello');
    expect(await pending).toEqual({ value: 'hello', done: false });
  });

  it('unsubscribes when the consumer returns, ending a pending wait', async () => {
    const pubsub = new PubSub<string>();
    const iterator = pubsub.subscribe();
    const pending = iterator.next();
    expect(pubsub.size).toBe(1);
    await iterator.return!();
    expect(pubsub.size).toBe(0);
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('ends a consumer that falls behind once it has read what it held, and says so, rather than skipping events', async () => {
    const pubsub = new PubSub<number>({ bufferSize: 3 });
    const overflowed: string[] = [];
    const slow = pubsub.subscribe(undefined, { onOverflow: () => overflowed.push('slow') });
    const fast = pubsub.subscribe();
    const read: number[] = [];
    for (let n = 1; n <= 5; n++) {
      pubsub.publish(n);
      read.push((await fast.next()).value);
    }
    expect(read).toEqual([1, 2, 3, 4, 5]);
    // It fell behind at the fourth event: it takes no later one, and gets the three it held, with no gap.
    expect(overflowed).toEqual([]);
    const slowRead = [(await slow.next()).value, (await slow.next()).value, (await slow.next()).value];
    expect(slowRead).toEqual([1, 2, 3]);
    expect(overflowed).toEqual([]);
    pubsub.publish(6);
    // Told before its end, so the end is never taken for a normal one.
    expect(await slow.next()).toEqual({ value: undefined, done: true });
    expect(overflowed).toEqual(['slow']);
    expect(pubsub.size).toBe(1);
    expect((await fast.next()).value).toBe(6);
  });

  it('gives a burst larger than its buffer, published at once, up to the buffer before ending the subscriber', async () => {
    const pubsub = new PubSub<number>({ bufferSize: 5 });
    const overflowed: string[] = [];
    const subscriber = pubsub.subscribe(undefined, { onOverflow: () => overflowed.push('ended') });
    const waiting = subscriber.next();
    for (let n = 1; n <= 20; n++) pubsub.publish(n);
    const received = [(await waiting).value];
    for (let result = await subscriber.next(); !result.done; result = await subscriber.next()) {
      received.push(result.value);
    }
    expect(received).toEqual([1, 2, 3, 4, 5, 6]);
    expect(overflowed).toEqual(['ended']);
  });

  it("delivers a topic only to that topic's subscribers", async () => {
    const pubsub = new PubSub<string>();
    const a = pubsub.subscribe(undefined, { topic: 'project-a' });
    const b = pubsub.subscribe(undefined, { topic: 'project-b' });
    pubsub.publish('for a', 'project-a');
    pubsub.publish('for b', 'project-b');
    expect((await a.next()).value).toBe('for a');
    expect((await b.next()).value).toBe('for b');
  });
});

describe('connection_init authentication payload', () => {
  const basic = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;

  it('reads the API key from `apiKey` or from a Basic `authorization` value', () => {
    expect(apiKeyFromConnectionParams({ apiKey: 'pk_test_abc' })).toBe('pk_test_abc');
    expect(apiKeyFromConnectionParams({ authorization: basic('pk_test_abc:') })).toBe('pk_test_abc');
    expect(apiKeyFromConnectionParams({ Authorization: basic('pk_test_abc:') })).toBe('pk_test_abc');
  });

  it('finds no key in an empty payload, another scheme or a Basic value with a password', () => {
    expect(apiKeyFromConnectionParams(undefined)).toBeNull();
    expect(apiKeyFromConnectionParams({})).toBeNull();
    expect(apiKeyFromConnectionParams({ authorization: 'Bearer pk_test_abc' })).toBeNull();
    expect(apiKeyFromConnectionParams({ authorization: basic('pk_test_abc:secret') })).toBeNull();
  });
});
