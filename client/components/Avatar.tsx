import { css } from '../../styled-system/css';
import { avatarInitials } from '../../shared/text';

/** A round initials avatar (stylists, the salon without a logo); `size` in px or a CSS length. */
export function Avatar({ name, size = 40 }: { name: string; size?: number | string }) {
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: typeof size === 'number' ? size * 0.38 : `calc(${size} * 0.38)` }}
      className={css({
        rounded: 'full',
        bg: 'primary',
        color: 'onPrimary',
        display: 'grid',
        placeItems: 'center',
        fontWeight: '700',
        flexShrink: 0,
      })}
    >
      {avatarInitials(name)}
    </span>
  );
}
