import { useNavigate } from 'react-router';
import { css } from '../../styled-system/css';
import { useHeaderHasBack } from '../lib/back-control';
import { pageTitle } from './styles';

/** A screen's heading with a back arrow to the previous step (unless the header has one). */
export function PageTitle({ children, back = true }: { children: string; back?: boolean }) {
  const navigate = useNavigate();
  const headerHasBack = useHeaderHasBack();
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      {back && !headerHasBack && (
        <button
          type="button"
          aria-label="Back"
          onClick={() => navigate(-1)}
          className={css({
            bg: 'transparent',
            border: 'none',
            color: 'text',
            fontSize: 'xl',
            cursor: 'pointer',
            w: '10',
            h: '10',
            rounded: 'full',
            flexShrink: 0,
          })}
        >
          ←
        </button>
      )}
      <h1 className={pageTitle}>{children}</h1>
    </div>
  );
}
