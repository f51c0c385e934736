import { css } from '../../styled-system/css';
import { openCookieSettings } from '../lib/consent';
import { linkButton } from './styles';

/** 'Cookie settings': opens the cookie banner again to change the choice. */
export function CookieSettingsLink({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      className={`${linkButton} ${css({ fontSize: 'xs', fontWeight: '600', minH: '6' })} ${className}`}
      onClick={openCookieSettings}
    >
      Cookie settings
    </button>
  );
}
