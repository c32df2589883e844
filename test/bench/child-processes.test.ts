import { ask, startScript, stopChild } from '../../bench/lib/processes.ts';

// The bench's child processes (load generator, receiver, post loop, socket clients) answer over IPC. These run
// a real child through the same helpers; nothing here is timed.

const FIXTURE = 'test/bench/fixtures/ipc-child.ts';

describe('bench child processes', () => {
  it('delivers a last answer larger than the socket buffer before the child closes its channel', async () => {
    const child = startScript(FIXTURE, { label: 'ipc fixture' });
    // About 1.1 MB: five times the socket buffer, as phase (b)'s load result is at a higher rate.
    const answer = await ask<{ records: [string, number][] }>(
      child,
      { type: 'records', count: 20_000 },
      'records',
    );
    expect(answer.records).toHaveLength(20_000);
    expect(answer.records[19_999]![0]).toBe('00000000-0000-4000-8000-000000019999');
    await stopChild(child, 2_000);
  });

  it('names a child that exits without answering, with its role, exit code and last output', async () => {
    const child = startScript(FIXTURE, { label: 'ipc fixture' });
    await expect(ask(child, { type: 'leave', code: 0 }, 'never')).rejects.toThrow(
      /^the ipc fixture \(pid \d+\) exited with code 0 before answering "never"; its last output:\n {4}stderr: leaving without an answer$/,
    );
  });

  it('says which signal ended a child and that the bench sent it', async () => {
    const child = startScript(FIXTURE, { label: 'ipc fixture' });
    const answer = ask(child, { type: 'wait' }, 'never');
    await stopChild(child, 2_000);
    await expect(answer).rejects.toThrow(
      /^the ipc fixture \(pid \d+\) was killed by SIGTERM before answering "never"; the bench had sent it SIGTERM; it wrote nothing$/,
    );
  });

  it('rejects a question to a child that is already gone instead of crashing the bench', async () => {
    const child = startScript(FIXTURE, { label: 'ipc fixture' });
    await expect(ask(child, { type: 'leave', code: 3 }, 'never')).rejects.toThrow(/exited with code 3/);
    await expect(ask(child, { type: 'records', count: 1 }, 'records')).rejects.toThrow(
      /^the ipc fixture \(pid \d+\) exited with code 3 before answering "records"/,
    );
  });
});
