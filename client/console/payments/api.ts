import { queryOptions } from '@tanstack/react-query';
import type { SalonPayments } from '../../../shared/console/payments';
import { staffCall } from '../lib/api';

/** The salon's Stripe account, read afresh from Stripe by the server (docs/payments.md §3). */
export const paymentsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'payments'] as const,
    queryFn: () => staffCall<SalonPayments>(`salons/${salonId}/payments`),
  });

/** Makes the account on first use and answers a link to Stripe's hosted onboarding. */
export const startOnboarding = (salonId: number) =>
  staffCall<{ url: string; account_id: string }>(`salons/${salonId}/payments`, { method: 'POST' });
