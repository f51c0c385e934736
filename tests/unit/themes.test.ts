import { describe, expect, it } from 'vitest';
import { palettes } from '../../themes';
import type { Palette } from '../../themes/palette';

/** WCAG 2.2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Text pairs need 4.5:1 (AA, normal text); borders and focus rings 3:1 (non-text contrast).
const TEXT_PAIRS: [keyof Palette, keyof Palette][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceMuted'],
  ['accent', 'bg'],
  ['accent', 'surface'],
  ['accent', 'surfaceMuted'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onPrimary', 'primaryActive'],
  ['danger', 'bg'],
  ['danger', 'surface'],
];
const UI_PAIRS: [keyof Palette, keyof Palette][] = [
  ['border', 'bg'],
  ['border', 'surface'],
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['primaryHover', 'bg'],
  ['primaryHover', 'surface'],
  ['primaryActive', 'bg'],
  ['primaryActive', 'surface'],
];

describe.each(Object.entries(palettes))('the %s theme meets WCAG 2.2 AA contrast', (_name, palette) => {
  it.each(TEXT_PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(3);
  });
});
