import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { patchSlots, patchWeekly } from '../availability/patch-views';
import { slotsOn, stylistsAtTime, weeklyAvailability, type Timing } from '../availability/views';
import type { BookingQuery } from '../availability/booking-query';
import { ownHoldOf } from './request-headers';
import {
  dateParam,
  idParam,
  isoDateTime,
  isWaitListQuery,
  patchTimeParam,
  serviceIdsParam,
  stylistChoicesParam,
  validate,
} from '../validate';
import { browseRoute } from './policy';

const salonId = idParam('Salon id');
/**
 * The waitlist's calls (the spec's paths name no stylist) take the client's choices as a query,
 * so a chosen stylist's waitlist offers only the hours that stylist works.
 */
const waitlistChoices = validate('query', z.object({ stylists: stylistChoicesParam.optional() }));

function bookingQuery(
  p: { salonId: number; services: number[]; stylists?: (number | null)[]; extra?: number | null },
  waitlist: boolean,
  holdId: string | null,
): BookingQuery {
  const choices = p.stylists ?? p.services.map(() => null);
  if (choices.length !== p.services.length) {
    throw new AppError('BAD_REQUEST', "stylists must name one stylist per service (0 for 'I don't mind')", 'stylists');
  }
  return { salonId: p.salonId, serviceIds: p.services, choices, patchTime: p.extra ?? null, waitlist, now: Date.now(), holdId };
}

/** 'db;dur=1.2, engine;dur=3.4': where an availability answer spent its time. */
function serverTiming(t: Timing): string {
  return `db;dur=${t.db.toFixed(2)}, engine;dur=${t.engine.toFixed(2)}`;
}

/** Runs an availability answer, reporting its database and engine time as Server-Timing. */
async function timed<T>(c: Context<AppEnv>, answer: (timing: Timing) => Promise<T>): Promise<T> {
  const timing: Timing = { db: 0, engine: 0 };
  const result = await answer(timing);
  c.header('Server-Timing', serverTiming(timing));
  return result;
}

/** Availability calls of docs/booking/journey.md §7. Answers change with every booking: never cached. */
export const availability = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .get(
    '/book-online/availability/weekly/patch/:salonId/:date/:extra/',
    browseRoute,
    validate('param', z.object({ salonId, date: dateParam('date'), extra: z.union([z.literal('null'), serviceIdsParam]) })),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await patchWeekly(c.env.DB, p.salonId, p.extra === 'null' ? null : p.extra, p.date, Date.now()));
    },
  )
  .get(
    '/book-online/availability/patch/:salonId/:date/',
    browseRoute,
    validate('param', z.object({ salonId, date: dateParam('date') })),
    validate('query', isWaitListQuery),
    async (c) => {
      const p = c.req.valid('param');
      return c.json(await patchSlots(c.env.DB, p.salonId, p.date, Date.now()));
    },
  )
  .get(
    '/book-online/availability/weekly/:salonId/:services/:stylists/:weekStartDate/:extra/',
    browseRoute,
    validate(
      'param',
      z.object({
        salonId,
        services: serviceIdsParam,
        stylists: stylistChoicesParam,
        weekStartDate: dateParam('weekStartDate'),
        extra: patchTimeParam,
      }),
    ),
    validate('query', isWaitListQuery),
    async (c) => {
      const p = c.req.valid('param');
      const query = bookingQuery(p, c.req.valid('query').isWaitList, await ownHoldOf(c));
      return c.json(await timed(c, (timing) => weeklyAvailability(c.env.DB, query, p.weekStartDate, timing)));
    },
  )
  .get(
    '/book-online/waitlist/availability/weekly/:salonId/:services/:weekStartDate/',
    browseRoute,
    validate('param', z.object({ salonId, services: serviceIdsParam, weekStartDate: dateParam('weekStartDate') })),
    waitlistChoices,
    async (c) => {
      const p = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await weeklyAvailability(c.env.DB, bookingQuery(p, true, await ownHoldOf(c)), p.weekStartDate));
    },
  )
  .get(
    '/book-online/new/availability/appointment/:salonId/:date/:services/:stylists/:extra/',
    browseRoute,
    validate(
      'param',
      z.object({ salonId, date: dateParam('date'), services: serviceIdsParam, stylists: stylistChoicesParam, extra: patchTimeParam }),
    ),
    validate('query', isWaitListQuery),
    async (c) => {
      const p = c.req.valid('param');
      const query = bookingQuery(p, c.req.valid('query').isWaitList, await ownHoldOf(c));
      return c.json(await timed(c, (timing) => slotsOn(c.env.DB, query, p.date, timing)));
    },
  )
  .get(
    '/book-online/new/waitlist/availability/appointment/:salonId/:date/:services/:extra/',
    browseRoute,
    validate('param', z.object({ salonId, date: dateParam('date'), services: serviceIdsParam, extra: patchTimeParam })),
    waitlistChoices,
    async (c) => {
      const p = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await slotsOn(c.env.DB, bookingQuery(p, true, await ownHoldOf(c)), p.date));
    },
  )
  .get(
    '/book-online/services/stylists-at/:salonId/:services/:stylists/',
    browseRoute,
    validate('param', z.object({ salonId, services: serviceIdsParam, stylists: stylistChoicesParam })),
    validate(
      'query',
      isWaitListQuery.extend({
        start_time: isoDateTime('start_time must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z'),
        patch_time: isoDateTime('patch_time must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z').optional(),
      }),
    ),
    async (c) => {
      const p = c.req.valid('param');
      const q = c.req.valid('query');
      const query = bookingQuery({ ...p, extra: q.patch_time ? Date.parse(q.patch_time) : null }, q.isWaitList, await ownHoldOf(c));
      return c.json(await stylistsAtTime(c.env.DB, query, q.start_time));
    },
  );
