import { queryOptions, skipToken } from '@tanstack/react-query';
import { answer, api, send } from '../../lib/api';
import { PERSONAL } from '../../lib/query-client';

const checkout = api.ncob.checkout;

/** The saved card at this salon, or null (204) when the client has none. */
export const getCard = async (salonId: number) =>
  (await answer(checkout.salon.user.getcard[':salonId'].index.$get({ param: { salonId: String(salonId) } }, send({ auth: true })))) ?? null;

export const requestSetupIntent = (salonId: number, username: string) =>
  answer(
    checkout.salon.setupintent[':salonId'][':username'].index.$post(
      { param: { salonId: String(salonId), username } },
      send({ auth: true }),
    ),
  );

/** After the browser confirmed the setup intent: the server keeps the card (replacing any other). */
export const saveCard = (salonId: number, setupIntentId: string) =>
  answer(
    checkout.salon.savecard[':salonId'].index.$post(
      { param: { salonId: String(salonId) }, json: { setup_intent_id: setupIntentId } },
      send({ auth: true }),
    ),
  );

export const deleteCard = (salonId: number, username: string) =>
  answer(
    checkout.client.delete.card[':salonId'][':username'].index.$delete(
      { param: { salonId: String(salonId), username } },
      send({ auth: true }),
    ),
  );

/** The appointment's total and the deposit payable today, in major units. */
export const appointmentCost = (salonId: number, isoTime: string, serviceIds: readonly number[], stylistIds: readonly number[]) =>
  answer(
    checkout.salon.appointment.cost[':salonId'][':isoTime'][':serviceIds'][':stylistIds'].index.$get(
      { param: { salonId: String(salonId), isoTime, serviceIds: serviceIds.join(','), stylistIds: stylistIds.join(',') } },
      send({ auth: true }),
    ),
  );

/** The route's answer: `{appointment_cost, pay_today}`. */
export type AppointmentCost = Awaited<ReturnType<typeof appointmentCost>>;

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
