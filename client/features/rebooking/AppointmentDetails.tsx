import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { RebookingClient, RebookingProcedure } from '../../../shared/rebooking';
import { Price } from '../../components/Price';
import { moneyAt, whenText } from './format';

interface Props {
  salon: RebookingClient['salon'];
  startsAt: string;
  endsAt: string;
  procedures: readonly RebookingProcedure[];
  price: number;
  /** the id of the date line, for a button that names it as its description */
  dateId?: string;
  children?: ReactNode;
}

/** One appointment: its day and times in the salon's timezone, each service with its stylist, the price. */
export function AppointmentDetails({ salon, startsAt, endsAt, procedures, price, dateId, children }: Props) {
  const when = whenText(startsAt, endsAt, salon.timezone);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })}>
        <p id={dateId} className={css({ fontWeight: '700', minW: 0 })}>
          {when.date}
          <span className={css({ display: 'block', fontWeight: '400', color: 'textMuted', fontSize: 'sm' })}>{when.time}</span>
        </p>
        <Price text={moneyAt(salon)(price)} />
      </div>
      <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1' })}>
        {procedures.map((p) => (
          <li key={p.id}>
            <span className={css({ fontWeight: '600' })}>{p.service.name}</span>
            <span className={css({ color: 'textMuted', fontSize: 'sm' })}> with {p.stylist.user_name}</span>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
