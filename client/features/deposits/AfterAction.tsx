import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { PageTitle } from '../../components/PageTitle';
import { outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';

/**
 * The end of a request (paid, card added, declined): the outcome, BOOK ANOTHER APPOINTMENT (at the
 * request's salon, which may be another location's page than the one the feed is shown in) and CLOSE.
 */
export function AfterAction({ message, salonId }: { message: string; salonId?: number }) {
  const { salon } = useSalon();
  return (
    <>
      <PageTitle back={false}>{message}</PageTitle>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })}>
        {salonId === undefined || salonId === salon.id ? (
          <Link to="/" className={primaryButton}>
            BOOK ANOTHER APPOINTMENT
          </Link>
        ) : (
          <a href={`/salon/${salonId}`} className={primaryButton}>
            BOOK ANOTHER APPOINTMENT
          </a>
        )}
        <Link to="/my-feeds" className={outlineButton}>
          CLOSE
        </Link>
      </div>
    </>
  );
}
