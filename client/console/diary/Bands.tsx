import { css } from '../../../styled-system/css';
import { TIME_OFF_REASON_LABELS, type Block, type TimeOff } from '../../../shared/console/time-off';
import { clock } from '../lib/format';

/** Time off in a column: a shaded band saying so (asked for and not yet approved: a dashed edge, and the words). */
export function TimeOffBand(p: { t: TimeOff; top: (ms: number) => number; from: number; to: number; timezone: string }) {
  const start = Math.max(Date.parse(p.t.start), p.from);
  const end = Math.min(Date.parse(p.t.end), p.to);
  if (end <= start) return null;
  const asked = p.t.status === 'requested';
  const allDay = start === p.from && end === p.to;
  return (
    <div
      style={{ top: p.top(start), height: p.top(end) - p.top(start) }}
      className={css({
        position: 'absolute',
        insetX: '0',
        px: '2',
        py: '1',
        fontSize: 'xs',
        fontWeight: '600',
        color: 'text',
        bg: 'surfaceMuted',
        backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 8px, color-mix(in srgb, currentColor 10%, transparent) 8px 10px)',
        borderY: '2px solid',
        borderColor: 'textMuted',
        pointerEvents: 'none',
        overflow: 'hidden',
      })}
      data-asked={asked || undefined}
    >
      {asked ? 'Time off asked for' : 'Time off'} · {TIME_OFF_REASON_LABELS[p.t.reason] ?? p.t.reason}
      {!allDay && `, ${clock(new Date(start).toISOString(), p.timezone)}–${clock(new Date(end).toISOString(), p.timezone)}`}
    </div>
  );
}

const blockLook = css({
  position: 'absolute',
  insetX: '1',
  textAlign: 'left',
  overflow: 'hidden',
  color: 'text',
  bg: 'surfaceMuted',
  backgroundImage: 'repeating-linear-gradient(45deg, transparent 0 6px, color-mix(in srgb, currentColor 12%, transparent) 6px 8px)',
  border: '1px dashed',
  borderColor: 'textMuted',
  rounded: 'md',
  px: '1.5',
  py: '0.5',
  fontSize: 'xs',
  lineHeight: '1.3',
  _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px', zIndex: '1' },
});

/** A block in a column: its time and reason; owners and managers open it to move or remove it. */
export function BlockItem(p: { b: Block; top: (ms: number) => number; timezone: string; onOpen?: () => void }) {
  const when = `${clock(p.b.start, p.timezone)}–${clock(p.b.end, p.timezone)}`;
  const start = Date.parse(p.b.start);
  const style = { top: p.top(start) + 1, height: Math.max(p.top(Date.parse(p.b.end)) - p.top(start) - 2, 22) };
  const words = (
    <>
      <span className={css({ fontWeight: '700', display: 'block', lineClamp: '1' })}>Blocked · {p.b.reason}</span>{' '}
      <span className={css({ display: 'block' })}>{when}</span>
    </>
  );
  return (
    <li>
      {p.onOpen ? (
        <button
          type="button"
          // what the box shows, in its order (WCAG 2.5.3)
          aria-label={`Blocked, ${p.b.reason}, ${when}`}
          style={style}
          onClick={p.onOpen}
          className={`${blockLook} ${css({ cursor: 'pointer' })}`}
        >
          {words}
        </button>
      ) : (
        <div style={style} className={blockLook}>
          {words}
        </div>
      )}
    </li>
  );
}
