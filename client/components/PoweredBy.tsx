import { css } from '../../styled-system/css';

/** The Powered-by line of the header, with Bookwell's mark (drawn inline: no request). */
export function PoweredBy({ className = '' }: { className?: string }) {
  return (
    <p className={`${css({ fontSize: 'xs', color: 'textMuted' })} ${className}`}>
      <svg
        aria-hidden="true"
        width="14"
        height="14"
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        className={css({ display: 'inline', mr: '1', verticalAlign: '-2px' })}
      >
        {/* Bookwell's mark: a diary page with a tick */}
        <rect x="3" y="6" width="26" height="23" rx="5" />
        <path d="M3 13h26M10 3v6M22 3v6M11 20.5l3.5 3.5 6.5-7" />
      </svg>
      Powered by Bookwell
    </p>
  );
}
