import type { StaffMe } from '../../shared/console/roles';
import type { VersionedSettings } from '../../shared/console/settings';
import { call, standIn } from './helpers';

/** The demo staff (README "Demo accounts"). */
export const STAFF = {
  groupOwner: { email: 'owner@willow-demo.test', password: 'Owner-pass1' },
  manager3: { email: 'manager@brooklyn-barber.test', password: 'Manager-pass1' },
  stylist1: { email: 'stylist@willow-demo.test', password: 'Stylist-pass1' },
  owner3: { email: 'owner@brooklyn-barber.test', password: 'Owner-pass3' },
} as const;

export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

export interface StaffSignIn {
  access_token: string;
  id_token: string;
  me: StaffMe;
  cookie: string | null;
}

export const staffCookieOf = (res: Response) => res.headers.get('Set-Cookie')?.match(/__Host-staff_session=([^;]*)/)?.[1] ?? null;

/**
 * Signs a staff member in to the console (POST /console/session/login): tokens, who they are, the
 * refresh cookie. `headers` may name an address of the caller's own (`APART`).
 */
export async function staffLogin(who: { email: string; password: string }, headers: Record<string, string> = {}): Promise<StaffSignIn> {
  const res = await postJson('/console/session/login', who, headers);
  if (res.status !== 200) throw new Error(`console login of ${who.email}: ${res.status} ${await res.text()}`);
  return { ...((await res.json()) as Omit<StaffSignIn, 'cookie'>), cookie: staffCookieOf(res) };
}

/** A console API call with a bearer token (or none). */
export function consoleCall(path: string, token: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return call(path, { ...init, headers });
}

/** GET a salon's settings in the console, with their version. */
export const readSettings = async (salon: number, token: string) =>
  (await (await consoleCall(`/api/console/salons/${salon}/settings`, token)).json()) as VersionedSettings;

/** PATCH a salon's settings in the console from `version` (null: without If-Match). */
export const saveSettings = (salon: number, version: number | null, body: unknown, token: string) =>
  consoleCall(`/api/console/salons/${salon}/settings`, token, {
    method: 'PATCH',
    headers: version === null ? {} : { 'If-Match': String(version) },
    body: JSON.stringify(body),
  });

/** The newest email the stand-ins sent to an address (the dev outbox). */
export async function lastEmailTo(to: string): Promise<{ subject: string; text: string }> {
  const res = await standIn(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`);
  const { data } = (await res.json()) as { data: { subject: string; text: string }[] };
  if (!data[0]) throw new Error(`no email to ${to}`);
  return data[0];
}

/** A new member invited by the group owner who has chosen a password of their own (the emailed temporary one, then theirs). */
export async function newStaffMember(email: string, password: string, salon = 1, role = 'manager') {
  const owner = await staffLogin(STAFF.groupOwner);
  await consoleCall(`/api/console/salons/${salon}/staff`, owner.access_token, {
    method: 'POST',
    body: JSON.stringify({ email, name: 'New Member', role }),
  });
  const temporary = /temporary password is (\S+)\.$/.exec((await lastEmailTo(email)).text)![1]!;
  const { session } = (await (await postJson('/console/session/login', { email, password: temporary })).json()) as { session: string };
  await postJson('/console/session/new-password', { email, session, new_password: password });
}

/** POST an invitation to a salon's team (the answer as it comes). */
export const invite = (salon: number, token: string, body: { email: string; name: string; role: string }) =>
  consoleCall(`/api/console/salons/${salon}/staff`, token, { method: 'POST', body: JSON.stringify(body) });

/**
 * An address of its own for a file that signs many people in: every sign-in of the run counts
 * against its address (worker/abuse/limits.ts, 100 in 15 minutes), and the tests' own is shared.
 */
export const APART = { 'CF-Connecting-IP': '198.51.100.55' };

/** Signs in someone just invited (from `APART`): the emailed temporary password, then `password` of their own. */
export async function joinWith(email: string, password: string): Promise<StaffSignIn> {
  const temporary = /temporary password is (\S+)\.$/.exec((await lastEmailTo(email)).text)![1]!;
  const first = await postJson('/console/session/login', { email, password: temporary }, APART);
  if (first.status !== 200) throw new Error(`first sign-in of ${email}: ${first.status} ${await first.text()}`);
  const { session } = (await first.json()) as { session: string };
  const chosen = await postJson('/console/session/new-password', { email, session, new_password: password }, APART);
  if (chosen.status !== 200) throw new Error(`new password of ${email}: ${chosen.status} ${await chosen.text()}`);
  return { ...((await chosen.json()) as Omit<StaffSignIn, 'cookie'>), cookie: staffCookieOf(chosen) };
}
