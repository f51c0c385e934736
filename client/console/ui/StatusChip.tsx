import { css } from '../../../styled-system/css';
import type { DiaryAppointment } from '../../../shared/console/diary';
import { STATUS_LOOK } from '../lib/format';

/**
 * A state in words on a light tint of its colour, with a dot: it reads at a glance, and without
 * the colour (the words say it). Each colour reads at 4.5:1 on its tint (STATUS_LOOK's colours
 * are dark enough on the console's surfaces; the tint is 12% of it on the page's background).
 */
export function StatusChip(p: { label: string; colour: string }) {
  return (
    <span
      style={{ color: p.colour, background: `color-mix(in srgb, ${p.colour} 12%, var(--colors-bg))` }}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        px: '1.5',
        rounded: 'full',
        fontSize: 'xs',
        fontWeight: '600',
        lineHeight: '1.4',
        whiteSpace: 'nowrap',
        _before: { content: '""', w: '1.5', h: '1.5', rounded: 'full', bg: 'currentColor', flexShrink: 0 },
      })}
    >
      {p.label}
    </span>
  );
}

/** An appointment's chips: its state, then arrived or no-show when it is. */
export function AppointmentChips({ a }: { a: Pick<DiaryAppointment, 'status' | 'arrived' | 'no_show'> }) {
  const look = STATUS_LOOK[a.status];
  return (
    <>
      <StatusChip label={look.label} colour={look.colour} />
      {a.no_show ? (
        <>
          {' '}
          <StatusChip label="No-show" colour="var(--colors-danger)" />
        </>
      ) : a.arrived ? (
        <>
          {' '}
          <StatusChip label="Arrived" colour={STATUS_LOOK.paid.colour} />
        </>
      ) : null}
    </>
  );
}
