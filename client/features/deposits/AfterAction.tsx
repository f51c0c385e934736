import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { PageTitle } from '../../components/PageTitle';
import { outlineButton, primaryButton } from '../../components/styles';

/** The end of a request (paid, card added, declined): the outcome, BOOK ANOTHER APPOINTMENT and CLOSE. */
export function AfterAction({ message }: { message: string }) {
  return (
    <>
      <PageTitle back={false}>{message}</PageTitle>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' })}>
        <Link to="/" className={primaryButton}>
          BOOK ANOTHER APPOINTMENT
        </Link>
        <Link to="/my-feeds" className={outlineButton}>
          CLOSE
        </Link>
      </div>
    </>
  );
}
