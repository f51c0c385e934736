import type {
  RebookingAppointment,
  RebookingAvailability,
  RebookingClient,
  RebookingLinkCreated,
  RebookingToken,
} from '../../shared/rebooking';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { JAMIE, json } from './client-bookings-helpers';
import { call } from './helpers';
import { admin } from './invite-helpers';

/** The demo link of worker/db/seed/demo.sql (Jamie Rivers at salon 1). */
export const DEMO_LINK = 'DemoJamieRiversRebookLink0000001';

export const rebookingAuth = (token: string) => ({ Authorization: `Rebooking ${token}` });

export const tokenCall = (urlhash: string) => call(`/api/rebooking/token/${urlhash}/`, { method: 'POST' });

/** A rebooking token from a link. */
export async function tokenOf(urlhash: string): Promise<string> {
  const res = await tokenCall(urlhash);
  if (res.status !== 200) throw new Error(`token call failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as RebookingToken).token;
}

export const createLink = (body: unknown, salon = 1, key?: string) =>
  call(`/admin/salons/${salon}/rebooking-links`, json(body, admin(salon, key)));

/** A new link for a client at a salon (replacing its previous one there). */
export async function newLink(salon = 1, clientId = JAMIE): Promise<RebookingLinkCreated> {
  const res = await createLink({ client_id: clientId }, salon);
  if (res.status !== 201) throw new Error(`link failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as RebookingLinkCreated;
}

export const get = (path: string, token: string) => call(`/api/${path}`, { headers: rebookingAuth(token) });

export async function salonsOf(token: string): Promise<RebookingClient[]> {
  return (await (await get('rebooking/salons/', token)).json()) as RebookingClient[];
}

export async function historyOf(token: string, clientId: number): Promise<RebookingAppointment[]> {
  return (await (await get(`rebooking/history/${clientId}/appointments/`, token)).json()) as RebookingAppointment[];
}

/** Salon-local dates in London from today on. */
export const londonDay = (offset: number) => addDays(localDateOf(Date.now(), 'Europe/London'), offset);

export async function availabilityOf(token: string, appointmentId: number, from: string, to: string) {
  const res = await get(`rebooking/availability/appointment/${appointmentId}/?from=${from}&to=${to}`, token);
  return { res, days: res.status === 200 ? ((await res.json()) as RebookingAvailability) : {} };
}

export const rebookCall = (token: string, body: unknown, key = crypto.randomUUID()) =>
  call('/api/rebooking/rebook/', json(body, { ...rebookingAuth(token), 'Idempotency-Key': key }));

/** The first day from tomorrow with times for this appointment, and those times. */
export async function firstTimes(token: string, appointmentId: number): Promise<string[]> {
  for (let week = 0; week < 6; week++) {
    const { days } = await availabilityOf(token, appointmentId, londonDay(1 + 7 * week), londonDay(7 + 7 * week));
    const open = Object.values(days).find((t) => t.length > 0);
    if (open) return open;
  }
  throw new Error('no times in six weeks');
}
