import { decodeListCursor, encodeListCursor } from '../../src/platform/paging/list-cursor.ts';

describe('a newest-first list cursor', () => {
  it('names the position it was made from', () => {
    const position = { at: new Date('2026-11-23T04:00:00.123Z'), id: '6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6' };
    expect(decodeListCursor(encodeListCursor(position))).toEqual(position);
  });

  it('is null for anything it did not make', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of [
      'nope',
      '',
      encode('2026-11-23T04:00:00.000Z|not-a-uuid'),
      encode('yesterday|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6'),
      encode('2026-11-23T04:00:00.000Z|6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6|more'),
    ]) {
      expect(decodeListCursor(text)).toBeNull();
    }
  });
});
