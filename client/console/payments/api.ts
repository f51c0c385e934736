import { queryOptions } from '@tanstack/react-query';
import { answer, salon, salonCalls } from '../lib/api';

/** The salon's Stripe account, read afresh from Stripe by the server (docs/payments.md §3). */
export const paymentsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'payments'] as const,
    queryFn: () => answer(salonCalls.payments.$get({ param: salon(salonId) })),
  });

/** Makes the account on first use and answers a link to Stripe's hosted onboarding. */
export const startOnboarding = (salonId: number) => answer(salonCalls.payments.$post({ param: salon(salonId) }));
