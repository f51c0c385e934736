import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { PageTitle } from '../../components/PageTitle';
import { useSalon } from '../../lib/salon-context';
import { CardSetup, Totals } from '../payments';
import { CancellationPolicy } from '../summary';

/**
 * Add card, step 2 of 3 of a request (§2 'Add card'): the card fields, 'Total:' and 'of which
 * payable today:' (when known: not on the way back from 3-D Secure), the policy; 2 s after the
 * card is saved, back to the request's pay-deposit.
 */
export function InviteCardStep({
  appointmentId,
  totals,
  returnPath,
}: {
  appointmentId: number;
  totals: { appointment_cost: number; pay_today: number } | null;
  returnPath: string;
}) {
  const { salon } = useSalon();
  const navigate = useNavigate();
  const onSaved = useCallback(() => navigate(`/pay-deposit/${appointmentId}`, { replace: true }), [appointmentId, navigate]);
  return (
    <>
      <p className={css({ mt: '3', fontSize: 'sm', fontWeight: '700', color: 'textMuted' })}>Step 2 of 3</p>
      <PageTitle>Please enter your card details. Then confirm your booking on the next page.</PageTitle>
      <p className={css({ mb: '4', fontSize: 'sm', color: 'textMuted' })}>
        Your card is stored securely and anonymously by our payment provider. On the next page you can then pay the deposit, or decline the
        request.
      </p>
      <CardSetup returnPath={returnPath} onSaved={onSaved} />
      <div className={css({ mt: '4' })}>
        {totals && <Totals cost={totals} />}
        <CancellationPolicy html={salon.salon_ncob_text} />
      </div>
    </>
  );
}
