import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { useSalon } from '../../lib/salon-context';
import { HoldCountdown, useBooking, releaseHoldAndStartAgain } from '../journey';
import { CancellationPolicy } from '../summary';
import { CardSetup } from './CardSetup';
import { Totals } from './Totals';
import { useAppointmentCost } from './useAppointmentCost';

/**
 * /add-new-card (docs/booking/accounts-and-money.md §2 'Add card'): step 2 of 3 of a booking that needs a
 * card, or a card update from outside the booking flow. After 'Success! ...' it goes on, 2 s
 * later, to /confirm-with-card in the booking flow, otherwise to /my-profile.
 */
export function AddCard() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const inFlow = b.selectedServices.length > 0 && !!b.selectedAppointmentTime;
  const cost = useAppointmentCost(salon.id, inFlow);

  const onSaved = useCallback(
    () => navigate(inFlow ? '/confirm-with-card' : '/my-profile', { replace: true, state: { saveCardSuccess: true } }),
    [inFlow, navigate],
  );

  return (
    <>
      {inFlow && <HoldCountdown />}
      {inFlow && <p className={css({ mt: '3', fontSize: 'sm', fontWeight: '700', color: 'textMuted' })}>Step 2 of 3</p>}
      <PageTitle>
        {inFlow ? 'Please enter your card details. Then confirm your booking on the next page.' : 'Please enter your card details.'}
      </PageTitle>
      <p className={css({ mb: '4', fontSize: 'sm', color: 'textMuted' })}>
        Your card is stored securely and anonymously by our payment provider; {salon.name} never sees its number.{' '}
        {inFlow
          ? 'You can then confirm your booking, and pay any deposit, on the next page.'
          : 'It is used for deposits and to secure your bookings.'}
      </p>
      <CardSetup
        returnPath="/add-new-card"
        onSaved={onSaved}
        onStartAgain={
          inFlow
            ? () => {
                releaseHoldAndStartAgain(salon.id);
                navigate('/');
              }
            : undefined
        }
      />
      {inFlow && (
        <div className={css({ mt: '4' })}>
          {cost.data && <Totals cost={cost.data} />}
          {!cost.data && cost.isError && <CallFailed message={cost.error.message} onRetry={() => void cost.refetch()} />}
          {!b.isWaitList && <CancellationPolicy html={salon.salon_ncob_text} />}
        </div>
      )}
    </>
  );
}
