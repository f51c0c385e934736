import { css } from '../../../styled-system/css';

/**
 * A table's parts that stack below 768 px: each row a block, each cell a line of it, the head
 * hidden (a cell may show its column's name itself: `phoneLabel`). From 768 px, a table. The
 * table keeps its roles (`role="table"`, `"row"`, `"cell"`), so assistive technology reads it as
 * a table whatever its display.
 */
export const stacked = {
  table: css({ display: { base: 'block', md: 'table' } }),
  head: css({ display: { base: 'none', md: 'table-header-group' } }),
  body: css({ display: { base: 'block', md: 'table-row-group' } }),
  row: css({
    display: { base: 'block', md: 'table-row' },
    py: { base: '2', md: '0' },
    borderBottom: { base: '1px solid {colors.surfaceMuted}', md: 'none' },
    '& td': { display: { base: 'block', md: 'table-cell' }, borderBottom: { base: 'none', md: '1px solid {colors.surfaceMuted}' } },
    '& td:not(:first-child)': { pt: { base: '0', md: '2' } },
  }),
  /** a cell's column name before its value, on a phone only (the head says it from 768 px) */
  phoneLabel: css({ display: { base: 'inline', md: 'none' }, color: 'textMuted', fontSize: 'sm' }),
};
