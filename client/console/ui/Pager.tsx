import { css } from '../../../styled-system/css';
import { outlineButton } from '../../components/styles';

/** Previous and next page of a list, with where we are ('Page 2 of 5'). */
export function Pager({ page, pages, onPage, what }: { page: number; pages: number; onPage: (p: number) => void; what: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={`Pages of ${what}`} className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: '3' })}>
      <button type="button" className={outlineButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className={outlineButton} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
