import { css } from '../../styled-system/css';
import { avatarInitials } from '../../shared/text';

/**
 * A round initials avatar (stylists, the salon without a logo), or the photo when there is one;
 * `size` in px or a CSS length.
 */
export function Avatar({ name, size = 40, photo }: { name: string; size?: number | string; photo?: string | null }) {
  if (photo) {
    return (
      <img
        src={photo}
        alt=""
        width={typeof size === 'number' ? size : undefined}
        height={typeof size === 'number' ? size : undefined}
        style={typeof size === 'number' ? undefined : { width: size, height: size }}
        loading="lazy"
        className={css({ rounded: 'full', objectFit: 'cover', flexShrink: 0 })}
      />
    );
  }
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
