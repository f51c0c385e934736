import { css } from '../../../styled-system/css';
import { fieldInput } from '../../components/form-styles';
import { iconOutlineButton, smallOutlineButton } from '../../components/styles';

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
        // closed: just the magnifier at the row's end; open: the field takes the row's room
        flex: open ? '1' : '0 0 auto',
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
          className={`${fieldInput} ${css({ flex: '1', minW: 0, minH: '9' })}`}
        />
      )}
      {open ? (
        <button type="button" className={smallOutlineButton} onClick={onClear}>
          Clear
        </button>
      ) : (
        // a magnifier (named Search): beside the title and CHANGE LOCATION on a 375 px phone
        <button type="button" aria-label="Search" title="Search" className={iconOutlineButton} onClick={onOpen}>
          <svg
            aria-hidden="true"
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
          >
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="m15.5 15.5 5 5" />
          </svg>
        </button>
      )}
    </div>
  );
}
