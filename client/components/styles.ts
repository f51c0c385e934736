import { css } from '../../styled-system/css';

/** Shared looks of the screens; every colour is a theme token. */
export const primaryLook = css.raw({
  bg: 'primary',
  color: 'onPrimary',
  fontWeight: '700',
  letterSpacing: '0.04em',
  px: '6',
  minH: '12',
  rounded: 'button',
  cursor: 'pointer',
  border: 'none',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  '&:not(:disabled):hover': { bg: 'primaryHover' },
  '&:not(:disabled):active': { bg: 'primaryActive' },
  _disabled: { bg: 'disabled', color: 'onDisabled', cursor: 'not-allowed' },
});
export const primaryButton = css(primaryLook);

const outlineLook = css.raw({
  bg: 'transparent',
  color: 'text',
  fontWeight: '600',
  letterSpacing: '0.04em',
  px: '4',
  minH: '10',
  rounded: 'button',
  border: '1px solid',
  borderColor: 'border',
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 'sm',
});
export const outlineButton = css(outlineLook);
/** A small outline button beside a title or a line of text (36 px high: still a comfortable target). */
const smallOutlineLook = css.raw({ px: '2.5', minH: '9', fontSize: 'xs', letterSpacing: '0.02em' });
export const smallOutlineButton = css(outlineLook, smallOutlineLook);
/**
 * The small outline button that shares a row with a title and an icon: under 360 px its words
 * take two lines (CHANGE / LOCATION) rather than pushing the icon onto a row of its own.
 */
export const smallOutlineButtonTwoLines = css(outlineLook, smallOutlineLook, {
  '@media (max-width: 359.98px)': { maxW: '24', whiteSpace: 'normal', lineHeight: '1.15', textAlign: 'center', py: '0.5' },
});
/** A round outline button holding an icon (36 px), named by its aria-label. */
export const iconOutlineButton = css(outlineLook, { w: '9', h: '9', px: '0', flexShrink: 0 });

export const linkButton = css({
  bg: 'transparent',
  border: 'none',
  color: 'accent',
  textDecoration: 'underline',
  cursor: 'pointer',
  p: '0',
  font: 'inherit',
  fontWeight: '600',
});

export const pageColumn = css({
  maxW: '640px',
  mx: 'auto',
  px: { base: '3', sm: '4' },
  w: 'full',
});

export const pageTitle = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', my: '4' });

/** A card: the theme's corners, edge and depth (themes/shape.ts). */
export const card = css({ bg: 'surface', rounded: 'card', border: '1px solid', borderColor: 'cardBorder', boxShadow: 'card' });

/** A tab of a tablist: the chosen one (aria-selected) underlined and filled, the others muted. */
export const tabStyle = css({
  flex: '1',
  minH: '11',
  px: '2',
  bg: 'transparent',
  border: 'none',
  borderBottom: '3px solid {colors.transparent}',
  roundedTop: 'md',
  color: 'textMuted',
  fontWeight: '600',
  cursor: 'pointer',
  '&[aria-selected=true]': { borderColor: 'primary', color: 'text', fontWeight: '700', bg: 'surfaceMuted' },
});

/** The bar across the top of a screen: the salon's logo and name, the Powered-by mark. */
export const headerBar = css({
  bg: 'surface',
  borderBottom: '1px solid {colors.border}',
  px: { base: '2.5', sm: '4' },
  py: { base: '1.5', md: '2' },
  display: 'flex',
  alignItems: 'center',
});
