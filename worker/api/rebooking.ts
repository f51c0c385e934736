import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import type { RebookingToken } from '../../shared/rebooking';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { rebookingAvailability } from '../rebooking/availability';
import { historyOf, salonsOfClient, salonsOfClientIn } from '../rebooking/history';
import { clientOfToken, tokenForLink, tokenOfAuthorization } from '../rebooking/links';
import { salonOfToken } from '../crypto';
import { databaseNames, databaseOf } from '../db/placement';
import { databasesOfSalons, indexedSalonsOf } from '../db/spanning';
import { salonDatabase } from './salon-database';
import { rebook } from '../rebooking/rebook';
import { dateParam, idParam, isoDateTime, validate } from '../validate';
import { idempotencyKeyOf } from './request-headers';
import { rebookingRoute } from './policy';
import { addressOf, admitRebookingToken } from '../abuse/limits';

/**
 * The rebooking calls' authentication: `Authorization: Rebooking {token}` from a texted link's
 * token call. A Cognito token (Bearer) never opens them, and the edge passes them on without one.
 * Their answers are the client's own: never cached.
 */
const rebookingAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'private, no-store');
  c.set('rebookingClient', await clientOfToken(await tokenDatabase(c), c.req.header('Authorization'), Date.now()));
  await next();
  c.header('Cache-Control', 'private, no-store');
};

/** The database of the salon the call's token names (the link's salon, whose database keeps the token). */
const tokenDatabase = (c: Context<AppEnv>) => salonDatabase(c, salonOfToken(tokenOfAuthorization(c.req.header('Authorization')) ?? ''));

/** The database of the salon a call names (`salon_id`, as history answered it), else the token's. */
const databaseFor = (c: Context<AppEnv>, salonId: number | undefined) => (salonId ? salonDatabase(c, salonId) : tokenDatabase(c));

/** `?salon_id=`: the salon of the client's number or of the appointment (the client has it from salons/ and history). */
const salonQuery = { salon_id: idParam('salon_id').optional() };

const clientOf = (c: Context<AppEnv>): string => {
  const id = c.get('rebookingClient');
  if (!id) throw new AppError('UNAUTHORIZED', 'No rebooking token');
  return id;
};

const requiredDate = (what: string) => z.string({ message: `${what} is required, as a date such as 2026-03-03` }).pipe(dateParam(what));

const isoTime = isoDateTime('start_time must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z');

/** §3 Rebook payload: a copy of the past appointment plus the chosen start; only appointment_id, client_id and start_time count. */
const rebookBody = z.object({
  appointment_id: z.number({ message: 'appointment_id must be an appointment id' }).int().positive().max(Number.MAX_SAFE_INTEGER),
  client_id: z
    .number({ message: 'client_id must be the id of the client from rebooking/salons/' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
  salon_id: z
    .number({ message: 'salon_id must be the salon id of the appointment' })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
  start_time: isoTime,
  end_time: z.string().max(40).optional(),
  status: z.literal('unconfirmed', { message: 'status can only be unconfirmed' }).optional(),
  origin: z.literal('online_rebooking', { message: 'origin can only be online_rebooking' }).optional(),
  procedures: z.array(z.unknown()).max(20).optional(),
});

/** The older rebooking flow's calls (docs/booking/accounts-and-money.md, Older rebooking; shared/rebooking.ts). */
export const rebooking = new Hono<AppEnv>()
  .post('/rebooking/token/:urlhash/', rebookingRoute, validate('param', z.object({ urlhash: z.string().max(200) })), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    await admitRebookingToken(c.env.ABUSE, c.req.valid('param').urlhash, addressOf(c.req.header('CF-Connecting-IP')), Date.now());
    const { urlhash } = c.req.valid('param');
    // the link names its salon, whose database keeps it (crypto.ts salonToken)
    const t = await tokenForLink(await salonDatabase(c, salonOfToken(urlhash)), urlhash, Date.now());
    return c.json({ token: t.token, expires_at: new Date(t.expiresAt).toISOString(), first_name: t.firstName } satisfies RebookingToken);
  })
  .get('/rebooking/salons/', rebookingRoute, rebookingAuth, async (c) => {
    const clientId = clientOf(c);
    if (databaseNames(c.env).length < 2) return c.json(await salonsOfClient(c.env.DB, clientId, Date.now()));
    // past one database: the index names the client's salons, the directory their databases, each asked once
    const ids = await indexedSalonsOf(databaseOf(c.env, 'DB'), clientId);
    const byDatabase = await databasesOfSalons(c.env, ids, c.get('config').versionLeaseMs);
    return c.json(await salonsOfClientIn(byDatabase, clientId, Date.now()));
  })
  .get(
    '/rebooking/history/:clientId/appointments/',
    rebookingRoute,
    rebookingAuth,
    validate('param', z.object({ clientId: idParam('clientId') })),
    validate('query', z.object(salonQuery)),
    async (c) => {
      const salonId = c.req.valid('query').salon_id;
      const db = await databaseFor(c, salonId);
      return c.json(
        await historyOf(db, { rebookingClientId: c.req.valid('param').clientId, clientId: clientOf(c), now: Date.now(), salonId }),
      );
    },
  )
  .get(
    '/rebooking/availability/appointment/:appointmentId/',
    rebookingRoute,
    rebookingAuth,
    validate('param', z.object({ appointmentId: idParam('appointmentId') })),
    validate('query', z.object({ from: requiredDate('from'), to: requiredDate('to'), ...salonQuery })),
    async (c) => {
      const q = c.req.valid('query');
      const appointmentId = c.req.valid('param').appointmentId;
      return c.json(
        await rebookingAvailability(await databaseFor(c, q.salon_id), {
          appointmentId,
          clientId: clientOf(c),
          from: q.from,
          to: q.to,
          now: Date.now(),
        }),
      );
    },
  )
  .post('/rebooking/rebook/', rebookingRoute, rebookingAuth, validate('json', rebookBody), async (c) => {
    const b = c.req.valid('json');
    const { answer, created } = await rebook(await databaseFor(c, b.salon_id), {
      clientId: clientOf(c),
      rebookingClientId: b.client_id,
      appointmentId: b.appointment_id,
      start: Date.parse(b.start_time),
      idempotencyKey: idempotencyKeyOf(c, 'rebooking'),
      now: Date.now(),
    });
    return c.json(answer, created ? 201 : 200);
  });
