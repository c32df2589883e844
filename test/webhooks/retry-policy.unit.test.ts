import { attemptTimeoutMs, nextStepAfter } from '../../src/modules/webhooks/retry-policy.ts';

const settings = { firstTimeoutMs: 4000, retryTimeoutMs: 10_000, retryIntervalSeconds: 120 };
const finishedAt = new Date('2026-05-01T10:00:00.000Z');
const realNow = new Date('2026-05-01T10:00:00.250Z');
const attempt = (number: number, ok: boolean, maxAttempts = 10) => ({
  number,
  maxAttempts,
  ok,
  finishedAt,
  realNow,
});

describe('webhook retry policy', () => {
  it('gives the first attempt the short timeout and every retry the long one', () => {
    expect(attemptTimeoutMs(1, settings)).toBe(4000);
    expect(attemptTimeoutMs(2, settings)).toBe(10_000);
    expect(attemptTimeoutMs(10, settings)).toBe(10_000);
  });

  it('ends a delivery at its first successful attempt', () => {
    expect(nextStepAfter(attempt(3, true), settings)).toEqual({
      state: 'delivered',
      completedAt: finishedAt,
      nextAttemptAt: null,
    });
  });

  it('retries a failed attempt after the interval, shown by the app clock and queued by the real one', () => {
    expect(nextStepAfter(attempt(1, false), settings)).toEqual({
      state: 'pending',
      completedAt: null,
      nextAttemptAt: new Date('2026-05-01T10:02:00.000Z'),
      retryAt: new Date('2026-05-01T10:02:00.250Z'),
    });
  });

  it('fails the delivery for good when the last allowed attempt fails', () => {
    expect(nextStepAfter(attempt(9, false), settings).state).toBe('pending');
    expect(nextStepAfter(attempt(10, false), settings)).toEqual({
      state: 'failed',
      completedAt: finishedAt,
      nextAttemptAt: null,
    });
    expect(nextStepAfter(attempt(1, false, 1), settings).state).toBe('failed');
  });

  it('still counts a success on the last allowed attempt as delivered', () => {
    expect(nextStepAfter(attempt(10, true), settings).state).toBe('delivered');
  });
});
