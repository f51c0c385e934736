import { css } from '../../styled-system/css';

/** The Powered-by mark of the header. */
export function PoweredBy({ className = '' }: { className?: string }) {
  return (
    <p className={`${css({ fontSize: 'xs', color: 'textMuted' })} ${className}`}>
      <svg
        aria-hidden="true"
        width="12"
        height="12"
        viewBox="0 0 32 32"
        className={css({ display: 'inline', mr: '1', verticalAlign: '-1px' })}
      >
        <rect width="32" height="32" rx="8" fill="currentColor" />
      </svg>
      Powered by Bookwell
    </p>
  );
}
