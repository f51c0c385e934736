import type { ThemeMode } from '../shared/constants';
import { contrast, HEX_COLOUR, lightnessOf, luminance, nearestPassing, shiftLightness } from './colour';
import { palettes } from './index';
import type { Palette } from './palette';

/**
 * A salon's brand colour in a theme. In every theme it drives the same roles: the accent (links
 * and small emphasis) and the primary fill (primary buttons, the chosen time, day and category,
 * avatars) with its text and its hover and pressed shades. The theme's surfaces, text, borders,
 * focus ring and danger stay the theme's own, so a salon's colour never makes a page unreadable:
 * - the accent is text: at least 4.5:1 against the theme's bg, surface and surfaceMuted;
 * - a primary fill is at least 3:1 against the page (bg and surface) with its text (the theme's
 *   button text or its body text, whichever reads better) at least 4.5:1 on it; hover and
 *   pressed shades keep both.
 * A colour that fails is moved in perceptual lightness (OKLCH, hue kept) towards the theme's
 * text until it passes: darker on the light themes, lighter on the dark one.
 */
export const BRAND_ROLES = ['accent', 'primary', 'onPrimary', 'primaryHover', 'primaryActive'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];
export type BrandPalette = Pick<Palette, BrandRole>;

const darkens = (mode: ThemeMode) => mode !== 'dark';

const readsOn = (backgrounds: string[], ratio: number) => (hex: string) => backgrounds.every((b) => contrast(hex, b) >= ratio);

/** The button text that reads best on a fill: the theme's own button text or its body text. */
function textOn(theme: Palette, fill: string): string {
  return [theme.onPrimary, theme.text].reduce((best, t) => (contrast(t, fill) > contrast(best, fill) ? t : best));
}

/**
 * Hover (1 step) or pressed (2 steps): the fill's lightness moved away from its text (more
 * contrast), or towards it when the fill is too near black or white to move away; a smaller step,
 * or the fill itself, when a step would fail the button's rules.
 */
function stateOf(fill: string, onFill: string, steps: number, buttonOk: (fill: string, on: string) => boolean): string {
  const away = luminance(onFill) > luminance(fill) ? -1 : 1;
  const room = away < 0 ? lightnessOf(fill) : 1 - lightnessOf(fill);
  const way = room >= 0.25 ? away : -away;
  const tries = [way * 0.06 * steps, -way * 0.06 * steps, way * 0.03 * steps, -way * 0.03 * steps];
  return tries.map((d) => shiftLightness(fill, d)).find((c) => c !== fill && buttonOk(c, onFill)) ?? fill;
}

/**
 * The theme's brand roles from a salon's colour (`#rrggbb`), each passing WCAG AA in that theme;
 * the theme's own roles for anything else (a value from an upstream API is not trusted either).
 */
export function brandPalette(mode: ThemeMode, hex: string): BrandPalette {
  const theme = palettes[mode];
  if (!HEX_COLOUR.test(hex)) return Object.fromEntries(BRAND_ROLES.map((role) => [role, theme[role]])) as BrandPalette;
  const page = readsOn([theme.bg, theme.surface], 3);
  const buttonOk = (fill: string, on: string) => page(fill) && contrast(on, fill) >= 4.5;
  const accent = nearestPassing(hex, darkens(mode), readsOn([theme.bg, theme.surface, theme.surfaceMuted], 4.5));
  const primary = nearestPassing(hex, darkens(mode), (fill) => buttonOk(fill, textOn(theme, fill)));
  const onPrimary = textOn(theme, primary);
  return {
    accent,
    primary,
    onPrimary,
    primaryHover: stateOf(primary, onPrimary, 1, buttonOk),
    primaryActive: stateOf(primary, onPrimary, 2, buttonOk),
  };
}

/** The Panda variable of a colour role (`onPrimary` → `--colors-on-primary`). */
export const cssVariableOf = (role: BrandRole) => `--colors-${role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The CSS custom properties a page sets on <html> for a brand colour (none without one). */
export function brandVariables(mode: ThemeMode, hex: string | null): Record<string, string> {
  if (!hex || !palettes[mode]) return {};
  const brand = brandPalette(mode, hex);
  return Object.fromEntries(BRAND_ROLES.map((role) => [cssVariableOf(role), brand[role]]));
}

/** What a brand colour becomes in a theme, and in words when it had to change (null when used as it is). */
export interface BrandFit {
  colour: string;
  theme: ThemeMode;
  links: string;
  buttons: string;
  button_text: string;
  adjusted: boolean;
  message: string | null;
}

export function brandFit(mode: ThemeMode, hex: string): BrandFit {
  const brand = brandPalette(mode, hex);
  const fit = { colour: hex, theme: mode, links: brand.accent, buttons: brand.primary, button_text: brand.onPrimary };
  return { ...fit, adjusted: brand.accent !== hex || brand.primary !== hex, message: adjustmentMessage(mode, hex, brand) };
}

function adjustmentMessage(mode: ThemeMode, hex: string, { accent, primary }: BrandPalette): string | null {
  const shade = darkens(mode) ? 'darker' : 'lighter';
  const readable = `so text stays readable on the ${mode} theme`;
  if (accent === hex && primary === hex) return null;
  if (accent === primary) return `Adjusted to ${accent}, a ${shade} shade of ${hex}, ${readable}.`;
  if (primary === hex) return `Links use ${accent}, a ${shade} shade of ${hex}, ${readable}; buttons use ${hex} as it is.`;
  if (accent === hex) return `Buttons use ${primary}, a ${shade} shade of ${hex}, ${readable}; links use ${hex} as it is.`;
  return `Adjusted ${readable}: buttons use ${primary} and links ${accent}, ${shade} shades of ${hex}.`;
}
