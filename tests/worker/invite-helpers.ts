import { env } from 'cloudflare:test';
import type { AdminInvite, InviteProcessed } from '../../shared/invites';
import { json, restyleTimes, tuesday } from './client-bookings-helpers';
import { call, standIn } from './helpers';

export const admin = (salon = 1, key = `demo-admin-${salon}`) => ({ Authorization: `Bearer ${key}` });

/** POST /admin/salons/{salon}/invites. */
export const createInvite = (body: unknown, salon = 2, key?: string) =>
  call(`/admin/salons/${salon}/invites`, json(body, admin(salon, key)));

/** A free Restyle time with Sam at salon 2 (the latest of the first Tuesday that has one, clear of other tests' early picks). */
export async function freeRestyle(): Promise<string> {
  for (let w = 1; w < 8; w++) {
    const times = await restyleTimes(tuesday(w));
    if (times.length > 0) return times[times.length - 1]!;
  }
  throw new Error('no free Restyle time');
}

/** A new appointment at salon 2 with a deposit request for that phone. */
export async function invitedRestyle(phone: string, request: Record<string, unknown> = { request: 'deposit', deposit: 15 }) {
  const start = await freeRestyle();
  const res = await createInvite({
    ...request,
    appointment: { start_time: start, procedures: [{ service_id: 10, stylist_id: 5, start_time: start }] },
    client: { phone, first_name: 'Pat', last_name: 'Payer' },
  });
  if (res.status !== 201) throw new Error(`invite not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as AdminInvite;
}

/** POST client/post/invite/{salon}/{id}: accept (pay) or decline. */
export async function answerInvite(
  auth: Record<string, string>,
  invite: { id: number },
  accepted: boolean | 'True' | 'False',
  key = crypto.randomUUID(),
  salon = 2,
) {
  return call(
    `/api/client/post/invite/${salon}/${invite.id}`,
    json({ data: { invite_id: invite.id, accepted } }, { ...auth, 'Idempotency-Key': key, 'X-Return-Url': '/salon/2/my-feeds' }),
  );
}

export const processed = async (res: Response) => (await res.json()) as InviteProcessed;

/** The payment intents the stand-in holds for a customer. */
export async function intentsOf(customer: string) {
  const res = await standIn(`/v1/payment_intents?customer=${customer}&limit=20`, {
    headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` },
  });
  return ((await res.json()) as { data: { id: string; status: string; amount_received: number }[] }).data;
}

/** Completes (or fails) the 3-D Secure page of a payment intent, as the browser would. */
export async function authenticate(nextActionUrl: string, clientSecret: string, result: 'complete' | 'fail' = 'complete') {
  const url = new URL(nextActionUrl);
  await standIn(url.pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ result, client_secret: url.searchParams.get('client_secret') ?? clientSecret }).toString(),
  });
}
