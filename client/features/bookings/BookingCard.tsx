import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { Price } from '../../components/Price';
import { card, outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { Badge } from './Badge';
import { badgeOf, depositText, moneyOf, whenOf } from './format';
import { useRebook } from './rebook';
import type { Booking, Tab } from './types';

const muted = css({ fontSize: 'sm', color: 'textMuted' });

/** One booking of a list: when, what with whom, the price and its badge; upcoming ones open their details. */
export function BookingCard({ booking, tab }: { booking: Booking; tab: Tab }) {
  const { salon } = useSalon();
  const money = moneyOf(salon);
  const rebook = useRebook();
  const { date, time } = whenOf(booking, salon.timezone);
  const deposit = depositText(booking, money);
  const details = `/${salon.id}/appointment/${booking.id}`;
  return (
    <li className={`${card} ${css({ p: '3' })}`}>
      {/* The badge moves under the date when both do not fit on one line (a phone), so the date keeps its line. */}
      <div
        className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2', mb: '1' })}
      >
        <div className={css({ flex: '1 1 13rem', minW: 0 })}>
          {tab === 'future' ? (
            <Link to={details} className={css({ fontWeight: '700', color: 'text' })}>
              {date}
            </Link>
          ) : (
            <p className={css({ fontWeight: '700' })}>{date}</p>
          )}
          <p className={muted}>{time}</p>
        </div>
        <Badge text={badgeOf(booking)} />
      </div>
      <ul className={css({ listStyle: 'none', my: '2' })}>
        {booking.procedures.map((p) => (
          <li key={p.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
            <span className={css({ minW: 0 })}>
              {p.service.name}
              <span className={`${muted} ${css({ display: 'block' })}`}>with {p.stylist.user_name}</span>
            </span>
            <Price text={money(p.price)} />
          </li>
        ))}
      </ul>
      {deposit && <p className={muted}>{deposit}</p>}
      {tab === 'past' &&
        (booking.can_rebook ? (
          <button type="button" className={`${outlineButton} ${css({ mt: '2' })}`} onClick={() => rebook(booking)}>
            REBOOK
          </button>
        ) : (
          <p className={`${muted} ${css({ mt: '2', fontWeight: '700', letterSpacing: '0.04em' })}`}>NOT BOOKABLE ONLINE</p>
        ))}
    </li>
  );
}
