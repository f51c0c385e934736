import { css } from '../../../styled-system/css';

/**
 * A wide table's own scroller. Positioned, so that the screen-reader words inside it (absolutely
 * placed) scroll with it instead of widening the whole page at 390 px.
 */
export const tableScroll = css({ overflowX: 'auto', position: 'relative' });
