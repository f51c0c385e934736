import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { MSG_INVITE_INVALID, OPEN_INVITE_STATUSES, type InviteLink, type InviteProcessed } from '../../shared/invites';
import { clientById, clientByPhone, forgetClient, rememberClient } from '../db/clients';
import { everyDatabase } from '../db/spanning';
import { inviteByCode } from '../db/invites';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { userOfToken, type VerifiedUser } from '../identity/cognito';
import { acceptCardOnly, declineInvite, markSeen, openInviteOf } from '../invites/actions';
import { clientInvites as listInvites } from '../invites/list';
import { payInvite } from '../invites/pay';
import { stripeFor } from '../payments/stripe';
import { idParam, validate } from '../validate';
import { publishChange } from './invite-notices';
import { clientOf, idempotencyKeyOf, returnUrlOf } from './request-headers';
import { SALON_CODE } from '../../shared/ids';
import { salonOfToken } from '../crypto';
import { salonDatabase } from './salon-database';
import { clientRoute, publicRoute } from './policy';

const salonParam = z.object({ salonId: idParam('Salon id') });
const inviteParam = salonParam.extend({ inviteId: idParam('Invite id') });
const accepted = z.union([z.boolean(), z.enum(['True', 'False'])], { message: "must be true or false (or 'True' / 'False')" });

/** The spec's 'Invite processing payload' (shared/invites.ts InviteProcessing). */
const processingSchema = z.object({
  data: z.object({
    invite_id: z.number('must be the invite id').int().positive(),
    accepted,
    payment_intent: z.string().max(255).nullish(),
    paid_full_amount: z.boolean().optional(),
    cognito_username: z.string().max(128).optional(),
    appointment_id: z.number().int().positive().optional(),
  }),
});

/** GetUser with the request's own access token: the client's verified phone and names, or null. */
async function verifiedUserOf(c: Context<AppEnv>, sub: string) {
  const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  if (!token) return null;
  // The caller answers even when the identity provider does not (the claim happens on a later call).
  const user = await userOfToken(c.get('config'), token).catch((e: unknown) => {
    console.error(`[${c.get('requestId')}] client details not read:`, e instanceof Error ? e.message : 'unknown error');
    return null;
  });
  return user && user.username === sub ? user : null;
}

/**
 * Makes sure the verified client is known (clients table): the first time, GetUser with the
 * request's own access token tells its verified phone, name and email (reminders reach it there),
 * and invites sent to that phone before the account existed become the client's.
 */
export async function knowClient(c: Context<AppEnv>, sub: string) {
  if (await clientById(c.env.DB, sub)) return;
  const user = await verifiedUserOf(c, sub);
  if (user?.phone) await remember(c.env.DB, { ...user, phone: user.phone });
}

/** Records the client as GetUser tells it (a verified phone, names, email) in `db` (a salon's database keeps its clients). */
const remember = (db: D1Database, user: VerifiedUser & { phone: string }) =>
  rememberClient(db, {
    id: user.username,
    phone: user.phone,
    firstName: user.firstName,
    name: user.name,
    email: user.email,
    now: Date.now(),
  });

const invalidLink = () => new AppError('NOT_FOUND', MSG_INVITE_INVALID, undefined, 'invite_invalid');

/** The client's deposit requests (docs/booking/accounts-and-money.md §2 Deposits, §7). */
export const clientInvites = new Hono<AppEnv>()
  .get('/client/get/invite/:salonId/', clientRoute, validate('param', salonParam), async (c) => {
    const sub = clientOf(c);
    await knowClient(c, sub);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listInvites(c.env.DB, sub, Date.now()));
  })
  .post(
    '/client/post/invite/:salonId/:inviteId',
    clientRoute,
    validate('param', inviteParam),
    validate('json', processingSchema),
    async (c) => {
      const sub = clientOf(c);
      const p = c.req.valid('param');
      const d = c.req.valid('json').data;
      if (d.invite_id !== p.inviteId) throw new AppError('BAD_REQUEST', 'data.invite_id must be the invite of the path', 'data.invite_id');
      const q = { clientId: sub, salonId: p.salonId, id: p.inviteId, now: Date.now() };
      const stripe = stripeFor(c.get('config'));
      let answer: InviteProcessed;
      if (d.accepted === false || d.accepted === 'False') {
        const row = await declineInvite(c.env.DB, stripe, q);
        publishChange(c, row);
        answer = { r_status: 'declined', invite_status: row.status };
      } else {
        const row = await openInviteOf(c.env.DB, q);
        if (row.requested_card_only) {
          const done = row.status === 'accepted' ? row : await acceptCardOnly(c.env.DB, q);
          if (done !== row) publishChange(c, done);
          answer = { r_status: 'accepted', invite_status: done.status };
        } else {
          answer = await payInvite(c.env.DB, stripe, {
            row,
            clientId: sub,
            key: idempotencyKeyOf(c),
            returnUrl: returnUrlOf(c),
            publishableKey: c.get('config').stripe.publishableKey,
            feePercent: c.get('config').stripe.platformFeePercent,
            now: q.now,
          });
          if (answer.r_status === 'accepted' && row.status !== 'accepted') publishChange(c, { ...row, status: 'accepted' });
        }
      }
      c.header('Cache-Control', 'private, no-store');
      return c.json(answer);
    },
  )
  // After the client's phone changed or was verified (the edge's /session/me calls): the number
  // that reaches this client is its verified one now, or none until it verifies the new one.
  .put('/client/identity/', clientRoute, async (c) => {
    const sub = clientOf(c);
    const user = await verifiedUserOf(c, sub);
    if (!user) throw new AppError('BAD_GATEWAY', 'The sign-in service is unreachable at the moment. Please try again shortly.');
    // every database: each keeps the clients of its salons, and bookings for the phone may wait in any
    const phone = user.phone;
    await Promise.all(everyDatabase(c.env).map((db) => (phone ? remember(db, { ...user, phone }) : forgetClient(db, sub))));
    return c.body(null, 204);
  })
  .post('/client/post/invite/:salonId/:inviteId/seen', clientRoute, validate('param', inviteParam), async (c) => {
    const p = c.req.valid('param');
    await markSeen(c.env.DB, { clientId: clientOf(c), salonId: p.salonId, id: p.inviteId, now: Date.now() });
    return c.body(null, 204);
  })
  .get(
    '/ncob/invite/:code/',
    publicRoute,
    // Not a protected call (worker/edge/client-auth.ts): it is opened before the account exists; the code is the secret.
    validate('param', z.object({ code: z.string().max(200, MSG_INVITE_INVALID) })),
    validate('query', z.object({ salon_id: idParam('salon_id').optional() })),
    async (c) => {
      const code = c.req.valid('param').code;
      // A malformed code is as invalid as an unknown one (404, never 400).
      if (!SALON_CODE.test(code)) throw invalidLink();
      // The salon's database keeps the invite: the code names its salon (crypto.ts salonToken), and
      // a code without one (made before, or the demo's) is looked for in the salon of the link it
      // came in (/login/{salon}/{code}: ?salon_id=); the salon only chooses where to look.
      const asked = c.req.valid('query').salon_id ?? null;
      const salonId = salonOfToken(code) ?? asked;
      const db = await salonDatabase(c, salonId);
      const row = await inviteByCode(db, code, Date.now());
      if (!row || !OPEN_INVITE_STATUSES.includes(row.status) || (asked !== null && row.salon_id !== asked)) throw invalidLink();
      const known = row.client_id !== null || (await clientByPhone(db, row.client_phone)) !== null;
      const link: InviteLink = {
        unique_code: row.unique_code,
        salon: { id: row.salon_id, name: row.salon_name },
        first_name: row.client_first_name,
        last_name: row.client_last_name,
        phone_number: row.client_phone,
        has_account: known,
        status: row.status,
      };
      c.header('Cache-Control', 'private, no-store');
      return c.json(link);
    },
  );
