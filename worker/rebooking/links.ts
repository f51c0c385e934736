import { REBOOKING_AUTH_SCHEME, REBOOKING_LINK_DAYS, REBOOKING_TEXTS, REBOOKING_TOKEN_MINUTES, URLHASH } from '../../shared/rebooking';
import { randomBase64url, SALON_PREFIX, salonToken, sha256Hex } from '../crypto';
import { clientById } from '../db/clients';
import { hasPastAppointment, insertLink, insertToken, linkByHash, tokenClient } from '../db/rebooking';
import { salonById } from '../db/salons';
import { AppError } from '../errors';

export interface NewLink {
  urlhash: string;
  /** names the link without giving it away (the start of its SHA-256), e.g. for the text's idempotency key */
  ref: string;
  expiresAt: number;
  /** where the link is texted (E.164) */
  phone: string;
  salonName: string;
}

/**
 * A new link for a client with a past appointment at the salon (404 otherwise, and when the
 * client has no verified phone to text it to). The client's previous link there is replaced.
 */
export async function createLink(db: D1Database, q: { salonId: number; clientId: string; now: number }): Promise<NewLink> {
  const [salon, client, past] = await Promise.all([
    salonById(db, q.salonId),
    clientById(db, q.clientId),
    hasPastAppointment(db, { salonId: q.salonId, clientId: q.clientId, now: q.now }),
  ]);
  if (!salon || !past) throw new AppError('NOT_FOUND', 'This client has no past appointment at this salon', 'client_id');
  if (!client) throw new AppError('NOT_FOUND', 'This client has no verified phone number to text the link to', 'client_id');
  // the link names its salon, so its token call finds the salon's database (crypto.ts salonToken)
  const urlhash = salonToken(q.salonId, randomBase64url(24));
  const expiresAt = q.now + REBOOKING_LINK_DAYS * 24 * 3_600_000;
  const hash = await sha256Hex(urlhash);
  await insertLink(db, { hash, salonId: q.salonId, clientId: q.clientId, now: q.now, expiresAt });
  return { urlhash, ref: hash.slice(0, 24), expiresAt, phone: client.phone, salonName: salon.name };
}

const linkExpired = () => new AppError('GONE', REBOOKING_TEXTS.linkExpired, undefined, 'LINK_EXPIRED');

/** 410 for a link a newer one replaced: when the newer one was sent (the salon's time), and by whom. */
async function linkReplaced(db: D1Database, salonId: number, sentAt: number): Promise<AppError> {
  const salon = await salonById(db, salonId);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: salon?.timezone ?? 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(sentAt)
    .replace(/\u202f/g, ' ');
  const from = salon ? ` from ${salon.name}` : '';
  return new AppError(
    'GONE',
    `A newer link was sent to you on ${when}. Please open the link in the latest text${from}.`,
    undefined,
    'LINK_REPLACED',
  );
}

/**
 * The token a link gives (60 minutes): 404 for an unknown or malformed link, 410 with the
 * old-link notice for an expired or replaced one.
 */
export async function tokenForLink(
  db: D1Database,
  urlhash: string,
  now: number,
): Promise<{ token: string; expiresAt: number; firstName: string }> {
  if (!URLHASH.test(urlhash)) throw new AppError('NOT_FOUND', 'This link is not known', 'urlhash');
  const link = await linkByHash(db, await sha256Hex(urlhash));
  if (!link) throw new AppError('NOT_FOUND', 'This link is not known', 'urlhash');
  if (link.replaced_at !== null) throw await linkReplaced(db, link.salon_id, link.replaced_at);
  if (link.expires_at <= now) throw linkExpired();
  // the token names the link's salon too: the flow's calls find the client there (api/rebooking.ts)
  const token = salonToken(link.salon_id, randomBase64url(32));
  const expiresAt = now + REBOOKING_TOKEN_MINUTES * 60_000;
  await insertToken(db, { hash: await sha256Hex(token), clientId: link.client_id, salonId: link.salon_id, now, expiresAt });
  const client = await clientById(db, link.client_id);
  return { token, expiresAt, firstName: client?.first_name ?? '' };
}

/** `Rebooking {token}`: the token is its salon's id and a dot, then 43 base64url characters (32 random bytes). */
const AUTHORIZATION = new RegExp(`^${REBOOKING_AUTH_SCHEME} (${SALON_PREFIX}[A-Za-z0-9_-]{32,64})$`);

/** The token of `Authorization: Rebooking {token}`, if it is one. */
export const tokenOfAuthorization = (authorization: string | undefined): string | null =>
  AUTHORIZATION.exec(authorization ?? '')?.[1] ?? null;

/** The client of `Authorization: Rebooking {token}`; 401 with the expired-link text without a live token. */
export async function clientOfToken(db: D1Database, authorization: string | undefined, now: number): Promise<string> {
  const token = tokenOfAuthorization(authorization);
  const row = token ? await tokenClient(db, await sha256Hex(token), now) : null;
  if (!row) throw new AppError('UNAUTHORIZED', REBOOKING_TEXTS.linkExpired, undefined, 'REBOOKING_TOKEN');
  return row.client_id;
}
