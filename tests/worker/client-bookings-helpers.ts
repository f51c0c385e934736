import type { DaySlots } from '../../shared/availability';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { call, signUp } from './helpers';

/** The demo client (standins/seed/demo_identity.sql), whose bookings worker/db/seed/demo.sql seeds. */
export const JAMIE = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123';

export const json = (body: unknown, headers: Record<string, string> = {}, method = 'POST') => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export interface Client {
  username: string;
  auth: Record<string, string>;
  /** the client's verified phone number */
  phone: string;
}

/** Logs the demo client in. */
export async function demoClient(): Promise<Client> {
  const s = (await (await call('/session/login', json({ phone: '+447700900123', password: 'Demo-pass1' }))).json()) as {
    access_token: string;
    user: { username: string };
  };
  return { username: s.user.username, auth: { Authorization: `Bearer ${s.access_token}` }, phone: '+447700900123' };
}

/** A new client account (the stand-ins keep accounts for the whole run: each number is new). */
export async function newClient(): Promise<Client> {
  const phone = `+4477009${String(10000 + Math.floor(Math.random() * 89999))}`;
  const res = await signUp({
    first_name: 'Robin',
    last_name: 'Mover',
    email: `r${phone.slice(-5)}@example.test`,
    phone,
    password: 'Moving-123',
  });
  if (res.status !== 200) return newClient(); // that number was taken by another test: another one
  const s = (await res.json()) as { access_token: string; user: { username: string } };
  return { username: s.user.username, auth: { Authorization: `Bearer ${s.access_token}` }, phone };
}

/** The next Tuesday after tomorrow in London (Sam works at salon 2). */
export function tuesday(weeks = 0): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2 + 7 * weeks);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 2) d = addDays(d, 1);
  return d;
}

/** The times salon 2 offers for a Restyle (75 minutes) with Sam on a day. */
export async function restyleTimes(date = tuesday()): Promise<string[]> {
  const res = await call(`/api/book-online/new/availability/appointment/2/${date}/10/5/null/`);
  return Object.keys(((await res.json()) as DaySlots).data);
}

/** The booking API's request for a Restyle with Sam at salon 2 (no card needed there), as client `c`. */
export function restyleRequest(c: Client, start: string): RequestInit {
  return json(
    {
      start_time: start,
      procedures: [{ service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 }],
      total_price: 55,
      cognito_username: c.username,
      notes: 'Shorter at the back, please',
      deposit: 0,
      user: { name: 'Robin Mover', phone_number: '+447700900999', salon_id: 2 },
      payment_needed: false,
    },
    { ...c.auth, 'Idempotency-Key': crypto.randomUUID() },
  );
}

/** Books a Restyle with Sam at salon 2 (no card needed there) through the booking API. */
export async function bookRestyle(c: Client, start: string): Promise<Response> {
  return call('/api/book-online/appointment/create/2/', restyleRequest(c, start));
}

export async function bookedRestyle(c: Client, start: string): Promise<number> {
  const res = await bookRestyle(c, start);
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { appointment_id: number }).appointment_id;
}

/** Same instant? ('2026-12-01T10:00:00+00:00' is '2026-12-01T10:00:00.000Z') */
export const sameTime = (a: string, b: string) => Date.parse(a) === Date.parse(b);
