import { defineConfig } from '@pandacss/dev';
import { semanticColors, themeConditions } from './themes';
import { semanticFonts, themeFontFaces } from './themes/font-faces';
import { cardBorder, divider, semanticRadii, semanticShadows } from './themes/shape';

export default defineConfig({
  preflight: true,
  hash: { className: true, cssVar: false },
  include: ['./client/**/*.{ts,tsx}'],
  // The booking pages' stylesheet (client/index.css) holds none of the console's styles: the
  // console has a stylesheet of its own (panda.console.config.ts), so a booking page loads nothing of it.
  exclude: ['./client/console/**'],
  outdir: 'styled-system',
  conditions: { extend: themeConditions },
  theme: {
    extend: {
      // each theme's typeface (shared/theme-fonts.ts), switching with the theme attribute
      semanticTokens: {
        colors: {
          ...semanticColors(),
          cardBorder: { value: { base: cardBorder.slick, _neutralTheme: cardBorder.neutral, _darkTheme: cardBorder.dark } },
          divider: { value: { base: divider.slick, _neutralTheme: divider.neutral, _darkTheme: divider.dark } },
        },
        fonts: semanticFonts(),
        radii: semanticRadii(),
        shadows: semanticShadows(),
      },
    },
  },
  globalFontface: themeFontFaces(),
  globalCss: {
    'html, body': { bg: 'bg', color: 'text', fontFamily: 'body', lineHeight: '1.5' },
    // Form controls follow the salon's theme, not the phone's dark mode.
    html: { colorScheme: 'light' },
    '[data-theme=dark]': { colorScheme: 'dark' },
    // A long unbroken word (a 51-character service, stylist or salon name) breaks rather than
    // widening the page; it takes no room from anything while it fits (break-word, not anywhere).
    body: { minHeight: '100dvh', overflowWrap: 'break-word' },
    '*:focus-visible': { outline: '3px solid', outlineColor: 'focus', outlineOffset: '2px' },
    a: { color: 'accent', textDecoration: 'underline' },
  },
});
