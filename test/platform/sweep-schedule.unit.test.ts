import { nextSweepDelayMs } from '../../src/platform/jobs/sweep-schedule.ts';

const pace = { intervalMs: 1000, maxBackoffMs: 30_000 };

describe('when a periodic sweep runs next', () => {
  it('sweeps again at once after a full batch it acted on: more may be due', () => {
    expect(nextSweepDelayMs({ kind: 'swept', found: 200, acted: 200, batchSize: 200 }, pace)).toBe(0);
    expect(nextSweepDelayMs({ kind: 'swept', found: 200, acted: 1, batchSize: 200 }, pace)).toBe(0);
  });

  it('waits the interval after a batch that was not full: nothing else is due', () => {
    expect(nextSweepDelayMs({ kind: 'swept', found: 199, acted: 199, batchSize: 200 }, pace)).toBe(1000);
    expect(nextSweepDelayMs({ kind: 'swept', found: 0, acted: 0, batchSize: 200 }, pace)).toBe(1000);
  });

  it('waits the interval after a full batch of which nothing moved, rather than spin on the same rows', () => {
    expect(nextSweepDelayMs({ kind: 'swept', found: 200, acted: 0, batchSize: 200 }, pace)).toBe(1000);
  });

  it('waits the interval while another process holds the turn', () => {
    expect(nextSweepDelayMs({ kind: 'busy' }, pace)).toBe(1000);
  });

  it('backs off after failures, doubling up to the maximum', () => {
    const after = (failuresInARow: number) => nextSweepDelayMs({ kind: 'failed', failuresInARow }, pace);
    expect([1, 2, 3, 4, 5, 6, 100].map(after)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });
});
