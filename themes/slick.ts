import type { Palette } from './palette';

/** Slick (the default): crisp white, ink-black buttons, a deep teal accent. */
export const slick: Palette = {
  bg: '#ffffff',
  surface: '#f7f7f8',
  surfaceMuted: '#ececef',
  text: '#111114',
  textMuted: '#52525b',
  border: '#8a8a93',
  primary: '#111114',
  onPrimary: '#ffffff',
  primaryHover: '#1f1f22',
  primaryActive: '#2d2d31',
  accent: '#0f6b63',
  focus: '#2563eb',
  danger: '#b42318',
  disabled: '#d4d4d8',
  onDisabled: '#52525b',
};
