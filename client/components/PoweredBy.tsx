import { css } from '../../styled-system/css';

/** The Powered-by mark of the header. */
export function PoweredBy() {
  return (
    <p className={css({ fontSize: 'xs', color: 'textMuted', display: 'flex', alignItems: 'center', gap: '1' })}>
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="currentColor" />
      </svg>
      Powered by Bookwell
    </p>
  );
}
