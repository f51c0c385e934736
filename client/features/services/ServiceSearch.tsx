import { css } from '../../../styled-system/css';
import { fieldInput } from '../../components/form-styles';
import { outlineButton } from '../../components/styles';

interface Props {
  open: boolean;
  query: string;
  onOpen: () => void;
  onClear: () => void;
  onQuery: (q: string) => void;
}

/** The Search / Clear toggle: Search opens the field, Clear empties and closes it. */
export function ServiceSearch({ open, query, onOpen, onClear, onQuery }: Props) {
  return (
    <div
      role="search"
      className={css({
        display: 'flex',
        flex: '1',
        minW: open ? '60' : 'auto',
        gap: '2',
        alignItems: 'center',
        justifyContent: 'flex-end',
      })}
    >
      {open && (
        <input
          type="search"
          aria-label="Search services"
          placeholder="Search services"
          autoFocus
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          className={`${fieldInput} ${css({ flex: '1', minW: 0, minH: '10' })}`}
        />
      )}
      <button type="button" className={outlineButton} onClick={open ? onClear : onOpen}>
        {open ? 'Clear' : 'Search'}
      </button>
    </div>
  );
}
