import { describe, expect, it } from 'vitest';
import { formatBookmarks, parseBookmarks } from '../../worker/edge/bookmarks';

/** A caller's D1 bookmarks, one per database (edge/bookmarks.ts): DB's as D1 gives it, others numbered. */
describe('bookmarks of several databases', () => {
  it("reads DB's bookmark alone exactly as D1 gives it, and writes it back the same", () => {
    const one = '0000000a-00000001-00004e5f-7a1b3c';
    expect(parseBookmarks(one)).toEqual(new Map([['DB', one]]));
    expect(formatBookmarks(parseBookmarks(one)!)).toBe(one);
  });

  it('keeps one bookmark per database, DB first, then DB_2…', () => {
    const value = '0000000b-00000002~2.0000000c-00000003~12.0000000d-00000004';
    const parsed = parseBookmarks(value)!;
    expect([...parsed]).toEqual([
      ['DB', '0000000b-00000002'],
      ['DB_2', '0000000c-00000003'],
      ['DB_12', '0000000d-00000004'],
    ]);
    expect(formatBookmarks(new Map([...parsed].reverse()))).toBe(value);
  });

  it.each([
    ['not a bookmark'],
    ['0000000b'],
    ['1.0000000b-00000002'],
    ['0000000b-00000002~0000000c-00000003'],
    ['2.0000000b-00000002~2.0000000c-00000003'],
    [Array.from({ length: 9 }, (_, i) => `${i + 2}.0000000b-00000002`).join('~')],
  ])('refuses %s (the session then starts at the primary)', (value) => {
    expect(parseBookmarks(value)).toBeNull();
  });
});
