import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import manrope from '@capsizecss/metrics/manrope';
import nunito from '@capsizecss/metrics/nunito';
import { THEME_MODES, type ThemeMode } from '../shared/constants';
import { THEME_FONTS, themeFontUrl } from '../shared/theme-fonts';

type Metrics = { ascent: number; descent: number; lineGap: number; unitsPerEm: number; xWidthAvg: number };
const METRICS: Record<ThemeMode, Metrics> = { slick: inter, neutral: nunito, dark: manrope };

/** Arial's metrics, under its names on each system (Liberation Sans and Arimo are metric copies of it on Linux and Android). */
const FALLBACK_SRC = ['local("Arial")', 'local("ArialMT")', 'local("Liberation Sans")', 'local("Arimo")', 'local("Helvetica")'];

const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * A local face drawn with the web font's metrics: scaled so that an average Latin line is as wide
 * (size-adjust), with the web font's ascent, descent and line gap, so that text set in it takes
 * the same room as when the web font swaps in (CLS 0). The formulas are those of Capsize/fontaine.
 */
export function fallbackFace(font: Metrics, fallback: Metrics = arial) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    src: FALLBACK_SRC,
    sizeAdjust: pct(sizeAdjust),
    ascentOverride: pct(font.ascent / em),
    descentOverride: pct(Math.abs(font.descent) / em),
    lineGapOverride: pct(font.lineGap / em),
  };
}

/** Panda's globalFontface: each theme's web font and its metric-matched fallback. */
export function themeFontFaces() {
  return Object.fromEntries(
    THEME_MODES.flatMap((mode) => {
      const { family } = THEME_FONTS[mode];
      return [
        [family, { src: `url(${themeFontUrl(mode)}) format("woff2")`, fontWeight: '400 700', fontStyle: 'normal', fontDisplay: 'swap' }],
        [`${family} fallback`, fallbackFace(METRICS[mode])],
      ];
    }),
  );
}

const stack = (mode: ThemeMode) =>
  `"${THEME_FONTS[mode].family}", "${THEME_FONTS[mode].family} fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

/** Panda's semantic font token: the body type of the theme on <html data-theme>. */
export function semanticFonts() {
  return { body: { value: { base: stack('slick'), _neutralTheme: stack('neutral'), _darkTheme: stack('dark') } } };
}
