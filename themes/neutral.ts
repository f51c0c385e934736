import type { Palette } from './palette';

/** Neutral: warm cream and taupe, for salons that want a soft look. */
export const neutral: Palette = {
  bg: '#faf7f2',
  surface: '#f2ece3',
  surfaceMuted: '#e7dfd3',
  text: '#2b2520',
  textMuted: '#5e544b',
  border: '#8f8275',
  primary: '#6b5443',
  onPrimary: '#ffffff',
  primaryHover: '#5a4433',
  primaryActive: '#493424',
  accent: '#7a4b2a',
  focus: '#1d4ed8',
  danger: '#a3261b',
  disabled: '#ddd4c8',
  onDisabled: '#5e544b',
};
