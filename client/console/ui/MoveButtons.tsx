import { css } from '../../../styled-system/css';
import { smallOutlineButton } from '../../components/styles';

/** the two stay side by side when a narrow row wraps its buttons */
const pair = css({ display: 'inline-flex', gap: '2' });

/** ↑ and ↓ for one row of an ordered list (services in a category, stylists in a salon), named for the row; they wrap as one. */
export function MoveButtons(p: { name: string; first: boolean; last: boolean; onMove: (by: -1 | 1) => void }) {
  return (
    <span className={pair}>
      <button type="button" className={smallOutlineButton} disabled={p.first} aria-label={`Move ${p.name} up`} onClick={() => p.onMove(-1)}>
        ↑
      </button>
      <button type="button" className={smallOutlineButton} disabled={p.last} aria-label={`Move ${p.name} down`} onClick={() => p.onMove(1)}>
        ↓
      </button>
    </span>
  );
}
