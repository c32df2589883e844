import { timeOrderedId } from '../../src/platform/time-ordered-id.ts';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const millisecondsOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('time-ordered row ids', () => {
  it('are UUIDs of version 7 whose first 48 bits are the time they were made, in milliseconds', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const after = Date.now();

    expect(id).toMatch(VERSION_7);
    expect(millisecondsOf(id)).toBeGreaterThanOrEqual(before);
    expect(millisecondsOf(id)).toBeLessThanOrEqual(after);
  });

  it('sort by the time they were made, and never repeat across more ids than one draw of random bytes', async () => {
    const earlier = Array.from({ length: 1000 }, timeOrderedId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 1000 }, timeOrderedId);

    expect(new Set([...earlier, ...later]).size).toBe(2000);
    expect(later.every((id) => earlier.every((before) => before < id))).toBe(true);
    // 74 random bits each: the ids of one millisecond differ beyond the time.
    expect(new Set(earlier.map((id) => id.slice(15))).size).toBe(1000);
  });
});
