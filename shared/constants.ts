/** Business constants of the spec (docs/booking/journey.md §9). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const MOBILE_BREAKPOINT_PX = 768;
export const WELCOME_CUT_MOBILE = 140;
export const WELCOME_CUT_DESKTOP = 190;
export const PATCH_COPY_CUT = 260;
export const DESCRIPTION_VIEW_MORE_AT = 70;
export const DEFAULT_THEME = 'slick';
export const THEME_MODES = ['neutral', 'dark', 'slick'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/** The query parameter of a salon page that the console's live preview sets (an unsaved theme). */
export const PREVIEW_THEME_PARAM = 'preview_theme';
/** Beside it, the preview's brand colour (`#rrggbb`, or empty for none); absent, the saved one. */
export const PREVIEW_BRAND_PARAM = 'preview_brand';
export const UTM_ORIGINS = ['facebook', 'instagram', 'sms'] as const;
