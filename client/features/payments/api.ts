import { call } from '../../lib/api';
import type { SavedCard, SetupIntentAnswer } from './types';

/** The saved card at this salon, or null (204) when the client has none. */
export const getCard = (salonId: number) => call<SavedCard>(`ncob/checkout/salon/user/getcard/${salonId}/`, { auth: true });

export const requestSetupIntent = async (salonId: number, username: string) =>
  (await call<SetupIntentAnswer>(`ncob/checkout/salon/setupintent/${salonId}/${encodeURIComponent(username)}/`, {
    method: 'POST',
    auth: true,
    body: {},
  }))!;

/** After the browser confirmed the setup intent: the server keeps the card (replacing any other). */
export const saveCard = async (salonId: number, setupIntentId: string) =>
  (await call<SavedCard>(`ncob/checkout/salon/savecard/${salonId}/`, {
    method: 'POST',
    auth: true,
    body: { setup_intent_id: setupIntentId },
  }))!;

export const deleteCard = (salonId: number, username: string) =>
  call<null>(`ncob/checkout/client/delete/card/${salonId}/${encodeURIComponent(username)}/`, { method: 'DELETE', auth: true });

/** The appointment's total and the deposit payable today, in major units. */
export interface AppointmentCost {
  appointment_cost: number;
  pay_today: number;
}

export const appointmentCost = async (salonId: number, isoTime: string, serviceIds: number[], stylistIds: (number | null)[]) =>
  (await call<AppointmentCost>(
    `ncob/checkout/salon/appointment/cost/${salonId}/${encodeURIComponent(isoTime)}/${serviceIds.join(',')}/${stylistIds.map((s) => s ?? 0).join(',')}/`,
    { auth: true },
  ))!;
