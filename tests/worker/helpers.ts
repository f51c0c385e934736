import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import Stripe from 'stripe';
import worker from '../../worker';
import type { Bootstrap } from '../../shared/types';

export const BASE = 'http://localhost';
let signups = Math.floor(Math.random() * 60_000);

/** Calls the Worker through its fetch handler, as a browser or API client would. */
export async function call(path: string, init: RequestInit = {}, envOverride?: Partial<Cloudflare.Env>) {
  // Each test client signs up from an address of its own, as clients do: the suite's sign-ups
  // together exceed one address's limit (abuse-limits.test.ts tests that limit with set addresses).
  if (path === '/session/signup') {
    const headers = new Headers(init.headers);
    if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', `198.18.${signups >> 8}.${signups++ & 255}`);
    init = { ...init, headers };
  }
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(new URL(path, BASE), { redirect: 'manual', ...init }),
    envOverride ? { ...env, ...envOverride } : env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

export async function patchSalon(id: number, body: unknown, key = `demo-admin-${id}`, envOverride?: Partial<Cloudflare.Env>) {
  return call(
    `/admin/salons/${id}`,
    {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    envOverride,
  );
}

/** The data the edge injected into a served page. */
export function bootstrapOf(html: string): Bootstrap {
  const m = /<script id="bootstrap" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no bootstrap script in the page');
  return JSON.parse(m[1]!) as Bootstrap;
}

export function themeOf(html: string): string | undefined {
  return /<html[^>]*\sdata-theme="([^"]*)"/.exec(html)?.[1];
}

/** Calls the stand-ins Worker (Stripe, Cognito, Twilio and the outbox) as the browser or a test would. */
export const standIn = (path: string, init: RequestInit = {}) => fetch(new URL(path, env.STANDINS_ORIGIN), { redirect: 'manual', ...init });

/** The newest 6-digit code the stand-ins texted to a number (their dev outbox). */
export async function textedCode(phone: string): Promise<string> {
  const res = await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`);
  const { data } = (await res.json()) as { data: { body: string }[] };
  // The newest text that carries a code (other texts to the number, such as a deposit request, may come after it).
  const code = data.map((t) => /\bcode is (\d{6})\b/.exec(t.body)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/**
 * Creates an account as a client does: POST /session/signup, which texts a code (202), then
 * /session/signup/confirm with that code. Answers the session (200) or the first refusal.
 */
export async function signUp(details: { phone: string; password: string } & Record<string, string>, headers: Record<string, string> = {}) {
  const post = (path: string, body: unknown) =>
    call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const res = await post('/session/signup', details);
  if (res.status !== 202) return res;
  return post('/session/signup/confirm', { phone: details.phone, code: await textedCode(details.phone), password: details.password });
}

/** A Stripe-Signature header for a webhook body, made as Stripe makes them (the SDK's own test helper). */
export const signWebhook = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });

/** Logs the demo client in through the edge's session: its access token and Cognito username. */
export async function demoLogin(): Promise<{ token: string; username: string }> {
  const res = await call('/session/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: '+447700900123', password: 'Demo-pass1' }),
  });
  const login = (await res.json()) as { access_token: string; user: { username: string } };
  return { token: login.access_token, username: login.user.username };
}

/**
 * Empties every diary before a test: stylist blocks, holds, appointments with their procedures,
 * invites and no-show fees, in one batch with the test file's own resets (`also`).
 */
export async function emptyDiaries(...also: D1PreparedStatement[]) {
  // a checkout's sales and refunds (migration 0044) name their appointment: they go first, and a
  // voucher redemption at a checkout keeps its row without the appointment
  const diaries = (db: D1Database) => [
    ...['refund_payments', 'refund_lines', 'refunds', 'sale_payments', 'sale_lines', 'sales'].map((t) => db.prepare(`DELETE FROM ${t}`)),
    db.prepare('UPDATE voucher_redemptions SET appointment_id = NULL WHERE appointment_id IS NOT NULL'),
    ...['stylist_blocks', 'holds', 'appointment_procedures', 'invites', 'no_show_fees', 'appointments', 'time_off', 'blocked_times'].map(
      (t) => db.prepare(`DELETE FROM ${t}`),
    ),
  ];
  // salon 2 lives in DB_2 (apply-migrations.ts)
  await env.DB_2.batch(diaries(env.DB_2));
  await env.DB.batch([...diaries(env.DB), ...also]);
}
