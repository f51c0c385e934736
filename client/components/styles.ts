import { css } from '../../styled-system/css';

/** Shared looks of the screens; every colour is a theme token. */
export const primaryButton = css({
  bg: 'primary',
  color: 'onPrimary',
  fontWeight: '700',
  letterSpacing: '0.04em',
  px: '6',
  minH: '12',
  rounded: 'full',
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

export const outlineButton = css({
  bg: 'transparent',
  color: 'text',
  fontWeight: '600',
  letterSpacing: '0.04em',
  px: '4',
  minH: '10',
  rounded: 'full',
  border: '1px solid',
  borderColor: 'border',
  cursor: 'pointer',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 'sm',
});

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

export const card = css({ bg: 'surface', rounded: 'lg', border: '1px solid', borderColor: 'border' });

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
  py: '2',
  display: 'flex',
  alignItems: 'center',
});
