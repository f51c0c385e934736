import type { Config } from '../config';
import { clientContactByPhone } from '../db/clients';
import { escapeMarkup } from '../escape-markup';
import { sendEmail } from '../messaging/email';
import { sendSms } from '../messaging/sms';
import { staffAdminCall } from './staff-admin';

/**
 * Tells an account's owner that its password is being guessed (docs/abuse.md "Guessing is
 * limited, nobody is locked out"): at most once an hour per account (the edge's count decides
 * when, worker/abuse/limits.ts). Only a real account is told, at the address it proved: a number
 * or email with no account is told nothing, so the notice can neither list accounts nor be
 * turned on strangers. A failure is logged: the sign-in it came from answers as it would anyway.
 */
const SUBJECT = 'Someone is trying to sign in to your account';
const clientText =
  'Someone has tried several wrong passwords or codes for your booking account. You can still sign in as usual. ' +
  'If it was not you, nobody has got in, and you can choose a new password with Forgotten password.';
const staffText =
  'Someone has tried several wrong passwords for your salon console account. You can still sign in as usual. ' +
  'If it was not you, nobody has got in, and you can choose a new password with Forgot password on the sign-in page.';

const html = (text: string) => `<p>${escapeMarkup(text)}</p>`;

/** A client: by email when it gave one, else a text to its verified number. */
export async function tellClient(config: Config, db: D1Database, phone: string): Promise<void> {
  const known = await clientContactByPhone(db, phone);
  if (!known) return;
  const text = clientText;
  if (known.email) await sendEmail(config, { to: known.email, subject: SUBJECT, text, html: html(text) });
  else await sendSms(config, { to: known.phone, body: text });
}

/** A staff member: by email (their sign-in name), if the staff pool has them. */
export async function tellStaff(config: Config, email: string): Promise<void> {
  const user = await staffAdminCall<{ UserAttributes?: { Name: string; Value: string }[] }>(config, 'AdminGetUser', {
    Username: email,
  }).catch(() => null);
  const to = user?.UserAttributes?.find((a) => a.Name === 'email')?.Value;
  if (!to) return;
  await sendEmail(config, { to, subject: SUBJECT, text: staffText, html: html(staffText) });
}

/** Runs a notice after the answer, logging a failure. */
export const noticeLater = (ctx: { waitUntil(p: Promise<unknown>): void }, requestId: string, send: () => Promise<void>) => () =>
  ctx.waitUntil(
    send().catch((e: unknown) =>
      console.error(`[${requestId}] sign-in notice not sent:`, e instanceof Error ? e.message : 'unknown error'),
    ),
  );
