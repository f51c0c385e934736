import { sha256Hex } from '../bytes';
import { STAFF_EMAIL_FROM } from './pool';

/**
 * An email Cognito sends for the staff pool (the invitation, a reset code), kept with the Resend
 * stand-in's emails so it shows on the dev outbox page and in /__dev/outbox/emails.json.
 */
export async function staffEmailStatement(db: D1Database, to: string, subject: string, text: string, now: number) {
  const html = `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`;
  return db
    .prepare(
      `INSERT INTO resend_emails (id, idempotency_key, fingerprint, from_address, to_addresses, subject, html, text, reply_to, created_at)
       VALUES (?, NULL, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    )
    .bind(
      crypto.randomUUID(),
      await sha256Hex(`${to}\n${subject}\n${text}`),
      STAFF_EMAIL_FROM,
      JSON.stringify([to]),
      subject,
      html,
      text,
      now,
    );
}

/** Cognito's default invitation message. */
export const invitationText = (username: string, password: string) => `Your username is ${username} and temporary password is ${password}.`;

/** Cognito's default verification message (ForgotPassword by email). */
export const resetCodeText = (code: string) => `Your password reset code is ${code}`;

/** Cognito's default verification message for a sign-up's email (SignUp, ResendConfirmationCode). */
export const signUpCodeText = (code: string) => `Your verification code is ${code}`;

/** 'sam@example.com' → 's***@e***' (CodeDeliveryDetails.Destination for an email). */
export const emailDestination = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};
