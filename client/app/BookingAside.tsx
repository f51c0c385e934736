import { css } from '../../styled-system/css';
import { formatMoney, formatPriceRange, toMinor } from '../../shared/money';
import { linkButton } from '../components/styles';
import { toggleService, useBooking } from '../features/journey';
import { useSalon } from '../lib/salon-context';
import { dateOf, fullDate, timeLabel } from '../lib/salon-time';

/**
 * The booking so far beside the journey from 1024 px (CSS hides it below): the salon, each service
 * with its stylist and price, the chosen time, the total, and the step's NEXT, which StickyNext
 * puts into `slotRef`'s element.
 */
export function BookingAside({ slotRef, removable }: { slotRef: (el: HTMLElement | null) => void; removable: boolean }) {
  const { salon } = useSalon();
  const b = useBooking();
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country.code);
  let [min, max, from] = [0, 0, false];
  const lines = b.selectedServices.map((s) => {
    const c = b.selectedStylists[s.id];
    // A named stylist has one price; otherwise the service's range, as the list shows it.
    const [low, high] = c?.stylist_id != null ? [toMinor(c.price), toMinor(c.price)] : [toMinor(s.min_price), toMinor(s.max_price)];
    [min, max, from] = [min + low, max + high, from || s.variable_pricing];
    const who = c ? (c.stylist_name ? `with ${c.stylist_name}` : 'Any available staff member') : null;
    return { s, who, text: formatPriceRange(low, high, s.variable_pricing, salon.currency, salon.country.code) };
  });
  const time = b.selectedAppointmentTime;
  return (
    <aside aria-labelledby="booking-aside-title" className={box}>
      <div>
        <h2 id="booking-aside-title" className={css({ fontSize: 'lg', fontWeight: '700' })}>
          Your booking
        </h2>
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>{salon.name}</p>
      </div>
      {lines.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>Choose one or more services to continue.</p>
      ) : (
        <ul aria-label="Your selection" className={css({ listStyle: 'none' })}>
          {lines.map(({ s, who, text }) => (
            <li key={s.id} className={line}>
              <p className={css({ fontWeight: '600', overflowWrap: 'break-word' })}>{s.name}</p>
              {who && <p className={css({ fontSize: 'sm', color: 'textMuted', gridColumn: '1 / -1' })}>{who}</p>}
              {removable && (
                <button
                  type="button"
                  aria-label={`Remove ${s.name}`}
                  className={`${linkButton} ${css({ fontSize: 'sm', justifySelf: 'start', gridColumn: '1 / -1' })}`}
                  onClick={() => toggleService(s)}
                >
                  Remove
                </button>
              )}
              <span className={`${price} ${css({ gridColumn: '2', gridRow: '1' })}`}>{text}</span>
            </li>
          ))}
        </ul>
      )}
      {time && (
        <p className={css({ fontWeight: '600' })}>
          {fullDate(dateOf(time))}
          <span className={css({ display: 'block', fontWeight: '400' })}>{timeLabel(time, salon.timezone)}</span>
        </p>
      )}
      {lines.length > 0 && (
        <p className={`${row} ${css({ fontWeight: '700', borderTopWidth: '2px', borderColor: 'text', justifyContent: 'space-between' })}`}>
          <span>Total</span>
          <span className={price}>{from ? `From ${money(min)}` : max > min ? `${money(min)} - ${money(max)}` : money(min)}</span>
        </p>
      )}
      <div ref={slotRef} className={css({ display: 'grid', '& > button': { w: 'full' } })} />
    </aside>
  );
}

const box = css({
  display: { base: 'none', lg: 'flex' },
  flexDirection: 'column',
  gap: '4',
  position: 'sticky',
  top: '4',
  my: '4',
  p: '5',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  rounded: 'card',
  boxShadow: '0 4px 16px rgba(0,0,0,0.06)',
  maxH: 'calc(100dvh - 2rem)',
  overflowY: 'auto',
});

const price = css({ fontWeight: '600', whiteSpace: 'nowrap', textAlign: 'right' });
/** The name and price on one line, who does it (and Remove) across the width below. */
const line = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: '3',
  py: '2',
  borderTop: '1px solid {colors.border}',
});
const row = css({ display: 'flex', gap: '3', py: '2', borderTop: '1px solid {colors.border}' });
