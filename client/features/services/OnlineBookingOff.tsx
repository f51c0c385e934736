import { css } from '../../../styled-system/css';
import { useSalon } from '../../lib/salon-context';

export function OnlineBookingOff() {
  const { salon } = useSalon();
  return (
    <div className={css({ bg: 'surface', border: '1px solid', borderColor: 'border', rounded: 'lg', p: '4', my: '4' })}>
      <p className={css({ fontWeight: '600' })}>Unfortunately this business does not currently offer online booking</p>
      {salon.phone && (
        <p className={css({ mt: '2' })}>
          Please call the salon on <a href={`tel:${salon.phone.replace(/[^\d+]/g, '')}`}>{salon.phone}</a>
        </p>
      )}
    </div>
  );
}
