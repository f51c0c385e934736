import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { card, outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { Badge } from './Badge';
import { DepositRequest } from './DepositRequest';
import { ProcedureList } from './ProcedureList';
import { badgeOf, depositText, moneyOf, noShowFeeText, whenOf } from './format';
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
  const fee = noShowFeeText(booking, money);
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
      <ProcedureList procedures={booking.procedures} money={money} />
      {deposit && <p className={muted}>{deposit}</p>}
      {fee && <p className={muted}>{fee}</p>}
      {tab === 'future' && <DepositRequest booking={booking} money={money} />}
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
