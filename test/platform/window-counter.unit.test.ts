import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { WindowCounter } from '../../src/platform/http/window-counter.ts';

describe('a window counter (the rate limits, asked without a promise)', () => {
  it('lets max hits of a key through, then says the window is exceeded', () => {
    const counter = new WindowCounter(3, 60_000);
    const verdicts = [1, 2, 3, 4].map(() => counter.hit('a'));
    expect(verdicts.map((verdict) => verdict.exceeded)).toEqual([false, false, false, true]);
    expect(verdicts.map((verdict) => verdict.full)).toEqual([false, false, true, true]);
    expect(verdicts[3]!.retryAfterSeconds).toBe(60);
  });

  it('counts each key on its own', () => {
    const counter = new WindowCounter(1, 60_000);
    expect(counter.hit('a').exceeded).toBe(false);
    expect(counter.hit('a').exceeded).toBe(true);
    expect(counter.hit('b').exceeded).toBe(false);
  });

  it('looks at a key without counting a hit', () => {
    const counter = new WindowCounter(2, 60_000);
    expect(counter.peek('a')).toMatchObject({ exceeded: false, full: false });
    counter.hit('a');
    counter.hit('a');
    expect(counter.peek('a')).toMatchObject({ exceeded: false, full: true });
    expect(counter.peek('a')).toMatchObject({ exceeded: false, full: true });
  });

  it('starts a new window once the first hit is windowMs old', async () => {
    const counter = new WindowCounter(1, 50);
    counter.hit('a');
    expect(counter.hit('a').exceeded).toBe(true);
    await sleep(80);
    expect(counter.peek('a').full).toBe(false);
    expect(counter.hit('a').exceeded).toBe(false);
  });
});
