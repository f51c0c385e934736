import { queryOptions, skipToken } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { PERSONAL } from '../../lib/query-client';
import type { SavedCard, SetupIntentAnswer } from './types';

/** The saved card at this salon, or null (204) when the client has none. */
export const getCard = async (salonId: number) =>
  (await call<SavedCard | undefined>(`ncob/checkout/salon/user/getcard/${salonId}/`, { auth: true })) ?? null;

export const requestSetupIntent = (salonId: number, username: string) =>
  call<SetupIntentAnswer>(`ncob/checkout/salon/setupintent/${salonId}/${encodeURIComponent(username)}/`, {
    method: 'POST',
    auth: true,
    body: {},
  });

/** After the browser confirmed the setup intent: the server keeps the card (replacing any other). */
export const saveCard = (salonId: number, setupIntentId: string) =>
  call<SavedCard>(`ncob/checkout/salon/savecard/${salonId}/`, {
    method: 'POST',
    auth: true,
    body: { setup_intent_id: setupIntentId },
  });

export const deleteCard = (salonId: number, username: string) =>
  call(`ncob/checkout/client/delete/card/${salonId}/${encodeURIComponent(username)}/`, { method: 'DELETE', auth: true });

/** The appointment's total and the deposit payable today, in major units. */
export interface AppointmentCost {
  appointment_cost: number;
  pay_today: number;
}

export const appointmentCost = (salonId: number, isoTime: string, serviceIds: readonly number[], stylistIds: readonly number[]) =>
  call<AppointmentCost>(
    `ncob/checkout/salon/appointment/cost/${salonId}/${encodeURIComponent(isoTime)}/${serviceIds.join(',')}/${stylistIds.join(',')}/`,
    { auth: true },
  );

/** Every saved card this page knows of: what a saved or removed card makes out of date. */
export const cardKeys = { all: ['card'] as const };

/** The logged-in client's saved card at a salon (no username: not logged in, not asked). */
export const cardQuery = (salonId: number, username: string | undefined) =>
  queryOptions({
    queryKey: [...cardKeys.all, salonId, username ?? null],
    queryFn: username ? () => getCard(salonId) : skipToken,
    ...PERSONAL,
  });

/** The total and the deposit of a chosen time, services and stylists (null stylists: not asked yet). */
export const appointmentCostQuery = (
  salonId: number,
  isoTime: string | null,
  serviceIds: readonly number[],
  stylistIds: readonly number[] | null,
) =>
  queryOptions({
    queryKey: ['appointment-cost', salonId, isoTime, serviceIds, stylistIds],
    queryFn: isoTime && stylistIds ? () => appointmentCost(salonId, isoTime, serviceIds, stylistIds) : skipToken,
  });
