import type { ThemeMode } from './constants';

/**
 * Each theme's typeface: a variable font (weights 400 to 700 on one axis) self-hosted from its
 * @fontsource-variable package, cut at build time to the characters the pages use
 * (scripts/fonts.mjs writes /fonts/{file}.woff2), preloaded by the edge for the salon's theme, and
 * drawn until it arrives with a local fallback whose metrics are matched to it (themes/font-faces.ts),
 * so nothing moves when it swaps in.
 */
export const THEME_FONTS: Record<ThemeMode, { family: string; file: string; pkg: string }> = {
  // slick, editorial: Inter's tight, even figures (prices line up)
  slick: { family: 'Inter Variable', file: 'inter', pkg: '@fontsource-variable/inter' },
  // neutral, calm: Nunito's rounded ends
  neutral: { family: 'Nunito Variable', file: 'nunito', pkg: '@fontsource-variable/nunito' },
  // dark, rich: Manrope's wide, high-contrast geometry
  dark: { family: 'Manrope Variable', file: 'manrope', pkg: '@fontsource-variable/manrope' },
};

/** Where a theme's font is served (the edge preloads it). */
export const themeFontUrl = (mode: ThemeMode) => `/fonts/${THEME_FONTS[mode].file}.woff2`;

/** The characters a font keeps: printable ASCII, Latin-1 (names like Zoë, Siobhán, José), and the punctuation and symbols the pages print. */
export const FONT_CHARACTERS =
  String.fromCharCode(...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)) +
  String.fromCharCode(...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i)) +
  'ŒœŠšŸŽžıł–—‘’‚“”„•…′″‹›€™←↑→↓−×✓✕▾▴';
