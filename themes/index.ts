import type { ThemeMode } from '../shared/constants';
import { dark } from './dark';
import { neutral } from './neutral';
import type { Palette } from './palette';
import { slick } from './slick';

export const palettes: Record<ThemeMode, Palette> = { neutral, dark, slick };

/**
 * Panda conditions for the theme the edge sets on <html data-theme>. Slick is the base value,
 * so a page without the attribute still paints in the default theme.
 */
export const themeConditions = {
  neutralTheme: '[data-theme=neutral] &',
  darkTheme: '[data-theme=dark] &',
};

/** Panda semantic colour tokens: one per palette role, switching with the theme attribute. */
export function semanticColors() {
  const roles = Object.keys(slick) as (keyof Palette)[];
  return Object.fromEntries(
    roles.map((role) => [role, { value: { base: slick[role], _neutralTheme: neutral[role], _darkTheme: dark[role] } }]),
  );
}
