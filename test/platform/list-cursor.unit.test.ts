import { listCursors } from '../../src/platform/paging/list-cursor.ts';

describe('a newest-first list cursor', () => {
  const links = listCursors('test-link');
  const deliveries = listCursors('test-delivery');
  const position = { at: new Date('2026-11-23T04:00:00.123Z'), id: '6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6' };

  it('names the position it was made from', () => {
    expect(links.decode(links.encode(position))).toEqual(position);
  });

  it('is refused by another list, whose items are ordered the same way', () => {
    expect(deliveries.decode(links.encode(position))).toBeNull();
    expect(links.decode(deliveries.encode(position))).toBeNull();
  });

  it('is null for anything its list did not make', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of [
      'nope',
      '',
      // A cursor without its list's name (as every list made them before they carried one).
      encode('2026-11-23T04:00:00.000Z|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
      encode('test-link|2026-11-23T04:00:00.000Z|not-a-uuid'),
      encode('test-link|yesterday|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
      encode('test-link|2026-11-23T04:00:00.000Z|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6|more'),
      // Times a Date holds but PostgreSQL does not (its timestamps end at 4713 BC), or no encode writes.
      encode('test-link|-271821-04-20T00:00:00.000Z|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
      encode('test-link|+275760-09-13T00:00:00.000Z|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
      encode('test-link|2026|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
    ]) {
      expect(links.decode(text)).toBeNull();
    }
  });

  it('belongs to one list per kind: a second list cannot take a kind that is taken', () => {
    expect(() => listCursors('test-link')).toThrow(/taken/);
    expect(() => listCursors('Test|link')).toThrow(/lower-case/);
  });
});
