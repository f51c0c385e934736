import type { Palette } from './palette';

/** Dark: near-black with a warm gold accent. */
export const dark: Palette = {
  bg: '#121214',
  surface: '#1c1c20',
  surfaceMuted: '#2a2a30',
  text: '#f4f4f5',
  textMuted: '#b4b4bd',
  border: '#7c7c87',
  primary: '#e8c26b',
  onPrimary: '#151515',
  primaryHover: '#d4af58',
  primaryActive: '#c19c44',
  accent: '#f0cd7c',
  focus: '#93c5fd',
  danger: '#ff8a80',
  disabled: '#3a3a42',
  onDisabled: '#b4b4bd',
};
