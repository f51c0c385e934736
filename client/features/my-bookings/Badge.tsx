import { css } from '../../../styled-system/css';

/** A booking's state as a small pill: 'Booking Confirmed', 'Waitlist Booking' or 'Cancelled'. */
export function Badge({ text }: { text: string }) {
  return (
    <span
      className={css({
        display: 'inline-block',
        fontSize: 'xs',
        fontWeight: '700',
        px: '2',
        py: '0.5',
        rounded: 'full',
        border: '1px solid',
        borderColor: 'border',
        bg: 'surfaceMuted',
        whiteSpace: 'nowrap',
      })}
    >
      {text}
    </span>
  );
}
