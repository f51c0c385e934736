import { useMutation, useQuery } from '@tanstack/react-query';
import { css } from '../../../styled-system/css';
import { PAYMENTS_STATE_TEXT, paymentsStateOf, type PaymentsState, type SalonPayments } from '../../../shared/console/payments';
import { CallFailed, Loading } from '../../components/CallFailed';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { paymentsQuery, startOnboarding } from './api';

const BADGE: Record<PaymentsState, string> = {
  not_started: css({ bg: 'surfaceMuted', color: 'text' }),
  details_needed: css({ border: '1px solid {colors.danger}', color: 'danger', bg: 'surface' }),
  under_review: css({ bg: 'surfaceMuted', color: 'text' }),
  can_take_payments: css({ bg: 'primary', color: 'onPrimary' }),
  payouts_on: css({ bg: 'primary', color: 'onPrimary' }),
};

const BUTTON: Record<PaymentsState, string> = {
  not_started: 'Set up payments with Stripe',
  details_needed: 'Continue with Stripe',
  under_review: 'Update details with Stripe',
  can_take_payments: 'Update details with Stripe',
  payouts_on: 'Update details with Stripe',
};

/** Get paid (owner): the salon's Stripe account in the owner's words, and the way to Stripe's hosted onboarding. */
export function GetPaid() {
  const salon = useCurrentSalon();
  const q = useQuery(paymentsQuery(salon.id));
  return (
    <>
      <h1 className={screenTitle}>Get paid</h1>
      <p className={css({ mb: '4', maxW: '65ch' })}>
        Deposits, no-show fees and gift vouchers are paid into {salon.name}’s own Stripe account, and from there to your bank.
      </p>
      <section aria-labelledby="stripe-account" className={sectionBox}>
        <h2 id="stripe-account" className={sectionTitle}>
          Your Stripe account
        </h2>
        {q.isPending ? (
          <Loading what="your Stripe account" />
        ) : q.isError ? (
          <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
        ) : (
          <AccountState salonId={salon.id} payments={q.data} />
        )}
      </section>
    </>
  );
}

function AccountState({ salonId, payments }: { salonId: number; payments: SalonPayments }) {
  const state = paymentsStateOf(payments);
  const words = PAYMENTS_STATE_TEXT[state];
  const go = useMutation({
    mutationFn: () => startOnboarding(salonId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const due = payments.requirements?.currently_due.length ?? 0;
  return (
    <div>
      <p className={css({ mb: '2' })}>
        <span
          role="status"
          aria-label={`Status: ${words.title}`}
          className={`${css({ px: '2', py: '0.5', rounded: 'full', fontSize: 'sm', fontWeight: '600' })} ${BADGE[state]}`}
        >
          {words.title}
        </span>
      </p>
      <p className={css({ mb: '3', maxW: '65ch' })}>{words.detail}</p>
      {state === 'details_needed' && due > 0 && (
        <p className={css({ mb: '3', fontSize: 'sm' })}>
          Stripe asks for {due} more {due === 1 ? 'detail' : 'details'}.
        </p>
      )}
      {go.isError && <FormAlert>{go.error.message}</FormAlert>}
      <button type="button" className={primaryButton} disabled={go.isPending || go.isSuccess} onClick={() => go.mutate()}>
        {go.isPending || go.isSuccess ? 'Opening Stripe…' : BUTTON[state]}
      </button>
    </div>
  );
}
