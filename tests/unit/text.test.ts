import { describe, expect, it } from 'vitest';
import { WELCOME_CUT_DESKTOP, WELCOME_CUT_MOBILE } from '../../shared/constants';
import { avatarInitials, cutText, needsViewMore } from '../../shared/text';

describe('cutText (welcome text and descriptions)', () => {
  const long = 'Welcome to the salon! '.repeat(12);

  it('leaves a text at or under the limit whole', () => {
    expect(cutText('x'.repeat(140), WELCOME_CUT_MOBILE)).toEqual({ short: 'x'.repeat(140), isCut: false });
  });

  it.each([WELCOME_CUT_MOBILE, WELCOME_CUT_DESKTOP])('cuts at %i characters at a word boundary, with an ellipsis', (limit) => {
    const { short, isCut } = cutText(long, limit);
    expect(isCut).toBe(true);
    expect(Array.from(short).length).toBeLessThanOrEqual(limit + 1);
    expect(short.endsWith('…')).toBe(true);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
    expect(short.at(-2)).not.toBe(' ');
  });

  it('cuts a text without spaces at the limit exactly', () => {
    expect(cutText('a'.repeat(300), 260).short).toBe(`${'a'.repeat(260)}…`);
  });

  it('never splits an emoji', () => {
    const { short } = cutText('💇'.repeat(200), 140);
    expect(Array.from(short)).toHaveLength(141);
    expect(short).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('offers view more from 70 characters on', () => {
    expect(needsViewMore('x'.repeat(69), 70)).toBe(false);
    expect(needsViewMore('x'.repeat(70), 70)).toBe(true);
  });
});

describe('avatarInitials (stylist avatars, salon icons)', () => {
  it.each([
    ['Amelia Hart', 'AH'],
    ['Willow & Co Islington', 'WC'],
    ['brooklyn barber co.', 'BB'],
    ['<script>alert(1)</script> & Co', 'C'],
    ['Élodie 2nd Studio', 'É2'],
    ['& <> "', '?'],
    ['', '?'],
  ])('%j shows %j', (name, shown) => {
    expect(avatarInitials(name)).toBe(shown);
  });
});
