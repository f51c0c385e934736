import { css } from '../../../styled-system/css';

/** The console's shared looks, from the neutral theme's tokens. */
export const screenTitle = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', mb: '4' });
export const sectionBox = css({
  bg: 'bg',
  border: '1px solid',
  borderColor: 'surfaceMuted',
  rounded: 'lg',
  p: { base: '4', md: '5' },
  mb: '4',
});
export const sectionTitle = css({ fontSize: 'lg', fontWeight: '700', mb: '3' });
/** Three figures side by side (a client's card, Today): each a <div> of <dt> and <dd>. */
export const statsGrid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: '3',
  mb: '4',
  '& dt': { color: 'textMuted', fontSize: 'sm' },
  '& dd': { fontWeight: '700', fontSize: 'lg' },
});
export const table = css({
  w: 'full',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', p: '2', borderBottom: '1px solid {colors.surfaceMuted}', verticalAlign: 'top' },
  '& th': { fontWeight: '600', color: 'textMuted', fontSize: 'sm' },
});
/** One row of a list the salon orders and changes (a service, a stylist): its words, then its buttons. */
export const listRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  py: '2',
  borderTop: '1px solid',
  borderColor: 'border',
});
/** Small, quieter words under or beside a name. */
export const muted = css({ fontSize: 'sm', color: 'textMuted' });
/** A box in a list of boxes, ruled off from the one above (a stylist's working day, a service's stylist). */
export const ruledBox = css({ borderTop: '1px solid', borderColor: 'border', py: '2' });
