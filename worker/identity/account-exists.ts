import type { Config } from '../config';
import { escapeMarkup } from '../escape-markup';
import { sendEmail } from '../messaging/email';

/**
 * The email a sign-up with an email that already has a console account sends to that address
 * (docs/console/sign-up.md "Signing up"): the page answers as for a new email, so it tells nobody whether
 * an account exists; the address's owner learns it here, with a way in.
 */
export const ACCOUNT_EXISTS_SUBJECT = 'You already have a salon console account';

export function accountExistsText(appOrigin: string): string {
  return (
    'Someone (probably you) tried to sign up to the salon console with this email address, which already has an account. ' +
    `You can sign in at ${appOrigin}/console/ or, if you have forgotten your password, choose a new one at ${appOrigin}/console/forgot-password. ` +
    'If it was not you, you can ignore this email: nothing has changed.'
  );
}

export async function tellAccountExists(config: Config, email: string): Promise<void> {
  const text = accountExistsText(config.appOrigin);
  await sendEmail(config, { to: email, subject: ACCOUNT_EXISTS_SUBJECT, text, html: `<p>${escapeMarkup(text)}</p>` });
}
