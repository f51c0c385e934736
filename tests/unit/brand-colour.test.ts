import { describe, expect, it } from 'vitest';
import { brandColourSetting } from '../../shared/brand-colour';
import { THEME_MODES } from '../../shared/constants';
import { palettes } from '../../themes';
import { BRAND_ROLES, brandFit, brandPalette, brandVariables } from '../../themes/brand';
import { contrast, HEX_COLOUR, lightnessOf } from '../../themes/colour';

/** Colours a salon might pick, the hard ones first: too light, too dark, mid grey, saturated. */
const COLOURS = [
  '#ffff00', // pure yellow
  '#000080', // pure navy
  '#808080', // mid grey
  '#ffffff',
  '#000000',
  '#777777', // just under 4.5:1 on white
  '#ff0000',
  '#00ff00',
  '#0000ff',
  '#00ffff',
  '#ff00ff',
  '#e8590c', // orange
  '#ffc0cb', // pink
  '#0f6b63', // slick's own teal
  '#e8c26b', // dark's own gold
  '#2b2520',
  '#f4f4f5',
  '#7f7f7f',
  '#12d3a7',
  '#5a3e9b',
];

describe('the contrast arithmetic', () => {
  it('gives WCAG 2.2 ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
  });
});

describe.each(THEME_MODES)('a brand colour in the %s theme', (mode) => {
  const theme = palettes[mode];
  describe.each(COLOURS)('%s', (hex) => {
    const brand = brandPalette(mode, hex);

    it('gives every role a #rrggbb colour', () => {
      for (const role of BRAND_ROLES) expect(brand[role]).toMatch(HEX_COLOUR);
    });

    it('the accent reads as text at 4.5:1 on bg, surface and surfaceMuted', () => {
      for (const bg of [theme.bg, theme.surface, theme.surfaceMuted]) expect(contrast(brand.accent, bg)).toBeGreaterThanOrEqual(4.5);
    });

    it('the button fill, hovered and pressed, stands 3:1 off the page with its text at 4.5:1', () => {
      for (const fill of [brand.primary, brand.primaryHover, brand.primaryActive]) {
        expect(contrast(brand.onPrimary, fill)).toBeGreaterThanOrEqual(4.5);
        for (const page of [theme.bg, theme.surface]) expect(contrast(fill, page)).toBeGreaterThanOrEqual(3);
      }
    });

    it('the button text is the theme’s own button text or its body text', () => {
      expect([theme.onPrimary, theme.text]).toContain(brand.onPrimary);
    });

    it('moves lightness only towards the theme’s text, and says so when it moved', () => {
      const fit = brandFit(mode, hex);
      for (const c of [brand.accent, brand.primary]) {
        if (c === hex) continue;
        if (mode === 'dark') expect(lightnessOf(c)).toBeGreaterThan(lightnessOf(hex));
        else expect(lightnessOf(c)).toBeLessThan(lightnessOf(hex));
      }
      expect(fit.adjusted).toBe(brand.accent !== hex || brand.primary !== hex);
      if (fit.adjusted) {
        expect(fit.message).toContain(`on the ${mode} theme`);
        expect(fit.message).toContain(brand.accent === hex ? brand.primary : brand.accent);
      } else expect(fit.message).toBeNull();
    });
  });

  it('keeps a colour that passes as it is', () => {
    const ok = mode === 'dark' ? '#ffffff' : '#000080';
    expect(brandFit(mode, ok)).toMatchObject({ adjusted: false, message: null, links: ok, buttons: ok });
  });

  it('the theme’s own primary and accent, as a brand colour, stay as they are', () => {
    expect(brandPalette(mode, theme.primary).primary).toBe(theme.primary);
    expect(brandPalette(mode, theme.accent).accent).toBe(theme.accent);
  });

  it.each(['red', '#FFFF00', '#12345', '#0f6b63;x'])('keeps the theme’s own roles for %j, which is not a stored colour', (bad) => {
    const brand = brandPalette(mode, bad);
    for (const role of BRAND_ROLES) expect(brand[role]).toBe(theme[role]);
  });

  it('becomes the page’s CSS variables (Panda’s names), none without a colour', () => {
    expect(brandVariables(mode, null)).toEqual({});
    expect(Object.keys(brandVariables(mode, '#123456')).sort()).toEqual([
      '--colors-accent',
      '--colors-on-primary',
      '--colors-primary',
      '--colors-primary-active',
      '--colors-primary-hover',
    ]);
  });
});

describe('adjusting says what it did', () => {
  it('pure yellow on slick is darkened for links and buttons', () => {
    const fit = brandFit('slick', '#ffff00');
    expect(fit.adjusted).toBe(true);
    expect(fit.message).toMatch(
      /^Adjusted so text stays readable on the slick theme: buttons use #[0-9a-f]{6} and links #[0-9a-f]{6}, darker shades of #ffff00\.$/,
    );
  });

  it('navy on dark is lightened', () => {
    expect(brandFit('dark', '#000080').message).toMatch(/lighter shades of #000080/);
  });

  it('an orange keeps its fill on slick (with dark text) and darkens only its links', () => {
    const fit = brandFit('slick', '#e8590c');
    expect(fit).toMatchObject({ buttons: '#e8590c', button_text: palettes.slick.text });
    expect(fit.message).toMatch(/^Links use #[0-9a-f]{6}, a darker shade of #e8590c, .*buttons use #e8590c as it is\.$/);
  });
});

describe('the brand colour setting', () => {
  it('takes #rrggbb in either case, kept in lower case, or null', () => {
    expect(brandColourSetting.parse('#0F6B63')).toBe('#0f6b63');
    expect(brandColourSetting.parse(null)).toBeNull();
  });

  it.each(['0f6b63', '#0f6b6', '#0f6b633', '#ggg000', 'red', '#fff', '', ' #0f6b63', '#0f6b63;x', 12])('refuses %j', (v) => {
    const r = brandColourSetting.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Enter the brand colour as # and 6 hex digits, such as #0f6b63');
  });
});
