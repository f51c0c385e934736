import { expect } from 'vitest';
import type { CreatedSalon } from '../../shared/console/new-salon';
import type { StaffMe } from '../../shared/console/roles';
import { consoleCall, lastEmailTo, postJson, staffLogin } from './console-helpers';

/** New owners and their salons for the tests of issue 49 (sign-up, set-up, the checklist, groups). */
const run = Math.floor(Math.random() * 250);
let seq = 0;

/**
 * A new person signed up, confirmed and signed in to the console (no salon yet), at an email
 * `domain` of the test file's own: sign-ups are limited per domain (docs/abuse.md), counted across
 * the run's files.
 */
export async function newOwner(domain = 'example.test'): Promise<{ token: string; email: string }> {
  const email = `salon.owner.${Date.now()}.${++seq}@${domain}`;
  const up = await postJson(
    '/console/session/sign-up',
    { email, name: 'Robin Shaw', password: 'Signed-up1' },
    { 'CF-Connecting-IP': `100.${run}.52.${seq}` },
  );
  expect(up.status).toBe(202);
  const code = /(\d{6})$/.exec((await lastEmailTo(email)).text)![1]!;
  expect((await postJson('/console/session/confirm-sign-up', { email, code })).status).toBe(204);
  return { token: (await staffLogin({ email, password: 'Signed-up1' })).access_token, email };
}

export const WEEK = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, open: '09:00', close: '17:30' }));
export const GB_SALON = {
  name: 'Shaw Hair',
  country: 'GB',
  address_line_1: '5 Upper Street',
  city: 'London',
  postcode: 'n1 0pq',
  phone: '020 7946 0321',
  hours: WEEK,
  starter_menu: 'hair',
};
export const create = (token: string | null, body: unknown) =>
  consoleCall('/api/console/salons', token, { method: 'POST', body: JSON.stringify(body) });
export async function created(token: string, body: unknown = GB_SALON): Promise<CreatedSalon> {
  const res = await create(token, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedSalon;
}
export const me = async (token: string) => (await (await consoleCall('/api/console/me', token)).json()) as StaffMe;
