import { css } from '../../styled-system/css';

export const fieldLabel = css({ display: 'block', fontWeight: '600', mb: '1' });
/** What every form control shares: its height, frame and colours, and a red frame when refused. */
const control = css.raw({
  minH: '11',
  rounded: 'md',
  border: '1px solid',
  borderColor: 'border',
  bg: 'bg',
  color: 'text',
  font: 'inherit',
  '&[aria-invalid=true]': { borderColor: 'danger' },
});
export const fieldInput = css({ ...control, w: 'full', px: '3', _readOnly: { bg: 'surfaceMuted' } });
/** A select (fieldInput greys read-only controls, and a select always matches :read-only). */
export const selectInput = css({ ...control, px: '2' });
export const fieldError = css({ color: 'danger', fontSize: 'sm', mt: '1' });
export const fieldHint = css({ color: 'textMuted', fontSize: 'sm', mt: '1' });
/** A row of a radio list in a bordered fieldset (a staff member, an amount): the chosen one shaded. */
export const radioRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderTop: '1px solid {colors.border}',
  cursor: 'pointer',
  clear: 'both',
  '&:has(input:checked)': { bg: 'surfaceMuted' },
});
