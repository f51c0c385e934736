import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { CAN } from '../../../shared/console/roles';
import {
  newStylistSchema,
  stylistPatchSchema,
  stylistWords,
  type ConsoleStylist,
  type StrandedAppointment,
  type StrandsAnswer,
} from '../../../shared/console/stylists';
import { localDateOf, localIso, salonDays } from '../../availability/calendar';
import { strandedBy } from '../../availability/stranded';
import { movedTo } from '../../db/menu-categories';
import {
  createStylist,
  futureKeyOf,
  futureProcedures,
  liveServiceIds,
  patchStylist,
  readStylists,
  refusedStylistField,
  stylistOf,
  stylistStaffOf,
  type FutureProcedure,
  type StylistFields,
  type StylistRow,
} from '../../db/stylists';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError } from '../../errors';
import { consolePhotoOf } from '../../media/photos';
import { publishMenuChange } from '../../messaging/realtime';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import {
  announce,
  changeOf,
  changeWords,
  needsIfMatch,
  ownColumnOf,
  refuseFields,
  refusing,
  stale,
  versionOf,
  withVersion,
} from './resource';

/**
 * The Stylists place's calls (issue 48; docs/console/stylists.md), under /api/console/salons/{id}/:
 * the diary's columns, the services each performs at what price and for how long, their weekly
 * hours with any number of breaks and their extra working days. Owners and managers change them;
 * a stylist reads their own column only. Each stylist answers its version as ETag; a PATCH names
 * it in If-Match (428 without, 412 with the stylist as it is now when stale). A change that
 * would leave appointments to come without their stylist (deactivating) or outside the new
 * hours is 409 with those appointments, and is saved only with `confirm: true` (they stay).
 */

const stylistParam = z.object({ salonId: z.string(), stylistId: idParam('Stylist id') });

const MSG_STALE = 'Someone else changed this stylist since you opened them. Check the changes, then make yours again.';

const answerOf = (s: StylistRow): ConsoleStylist => ({ ...s, photo: consolePhotoOf(s.photo) });

async function stylistOrNotFound(c: Context<AppEnv>, stylistId: number) {
  const s = await stylistOf(c.env.DB, staffOf(c).salonId, stylistId);
  if (!s) throw new AppError('NOT_FOUND', 'Stylist not found');
  return s;
}

/** Per-field messages for what a stylist names that is not the salon's own: a service, a member of the team. */
async function checkRefs(c: Context<AppEnv>, s: { services?: { service_id: number }[]; staff_id?: number | null }) {
  const { salonId } = staffOf(c);
  const errors: Record<string, string> = {};
  if (s.services?.length) {
    const live = await liveServiceIds(c.env.DB, salonId);
    s.services.forEach((o, i) => {
      if (!live.has(o.service_id)) errors[`services.${i}.service_id`] ??= 'Choose one of the salon’s services';
    });
  }
  if (s.staff_id != null && !(await stylistStaffOf(c.env.DB, salonId)).has(s.staff_id))
    errors.staff_id = 'Choose someone on the team with the stylist role';
  refuseFields(errors);
}

/** A write the database refused for a service gone or a column linked meanwhile: a 400 naming the field. */
const refusingGone = <T>(write: () => Promise<T>) =>
  refusing(write, refusedStylistField, (field) =>
    field === 'services' ? 'Someone changed the menu meanwhile: choose again' : 'Someone else was linked meanwhile: choose again',
  );

/** After a change of a stylist: the booking page's next load shows it, and the salon's open consoles ask again (the menu's event). */
const announceStylist = (c: Context<AppEnv>, scopes: string[], id: number) =>
  announce(c, scopes, publishMenuChange(c.get('config'), staffOf(c).salonId, { change: 'stylist', id }), `menu change of stylist ${id}`);

/** The appointments (the stylist's part of each) as the console lists them, in the salon's local time. */
function appointmentsOf(parts: FutureProcedure[], timezone: string): StrandedAppointment[] {
  const by = new Map<number, FutureProcedure[]>();
  for (const p of parts) by.set(p.appointment_id, [...(by.get(p.appointment_id) ?? []), p]);
  const local = (utc: number) => localAt(utc, timezone);
  return [...by.entries()]
    .map(([id, ps]) => {
      const start = Math.min(...ps.map((p) => p.start_at));
      const end = Math.max(...ps.map((p) => p.end_at));
      return {
        id,
        start: local(start),
        end: local(end),
        client_name: ps[0]!.client_name ?? '',
        services: ps.map((p) => p.service_name),
        at: start,
      };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ at: _, ...a }) => a);
}

/** An instant in the salon's local time with its offset ('2026-12-24T10:30:00+00:00'). */
function localAt(utc: number, timezone: string): string {
  return localIso(salonDays(localDateOf(utc, timezone), 1, timezone)[0]!, utc);
}

const conflict = (c: Context<AppEnv>, body: StrandsAnswer) => c.json({ ...errorBody(c, 'CONFLICT', body.message), ...body }, 409);

export const consoleStylists = new Hono<AppEnv>()
  .get('/console/salons/:salonId/stylists', staffRoute(CAN.readStylists), async (c) => {
    const own = await ownColumnOf(c);
    const all = await readStylists(c.env.DB, staffOf(c).salonId);
    c.header('Cache-Control', 'private, no-store');
    // a stylist reads their own column only
    return c.json(all.filter((s) => own === undefined || s.id === own).map(answerOf));
  })
  .post(
    '/console/salons/:salonId/stylists',
    staffRoute(CAN.editStylists),
    jsonBody,
    validateForm(newStylistSchema, 'Check the stylist'),
    async (c) => {
      const body = c.req.valid('json');
      await checkRefs(c, body);
      const { w, scopes } = await changeOf(c);
      const fields: StylistFields = body;
      const id = await refusingGone(() => createStylist(c.env.DB, w, fields, stylistWords(fields)));
      const created = await stylistOrNotFound(c, id);
      announceStylist(c, scopes, id);
      withVersion(c, created.version);
      return c.json(answerOf(created), 201);
    },
  )
  .get('/console/salons/:salonId/stylists/:stylistId', staffRoute(CAN.readStylists), validate('param', stylistParam), async (c) => {
    const { stylistId } = c.req.valid('param');
    const own = await ownColumnOf(c);
    if (own !== undefined && own !== stylistId) throw new AppError('NOT_FOUND', 'Stylist not found');
    const s = await stylistOrNotFound(c, stylistId);
    c.header('Cache-Control', 'private, no-store');
    withVersion(c, s.version);
    return c.json(answerOf(s));
  })
  .patch(
    '/console/salons/:salonId/stylists/:stylistId',
    staffRoute(CAN.editStylists),
    validate('param', stylistParam),
    needsIfMatch,
    jsonBody,
    validateForm(stylistPatchSchema, 'Check the stylist'),
    async (c) => {
      const { stylistId } = c.req.valid('param');
      const from = versionOf(c);
      const { position, confirm, ...patch } = c.req.valid('json');
      let current = await stylistOrNotFound(c, stylistId);
      if (current.version !== from) return stale(c, MSG_STALE, answerOf(current));
      await checkRefs(c, patch);
      const { w, scopes, timezone } = await changeOf(c);
      // The appointments to come are read, checked, and the change written only while they are
      // still the same (patchStylist's condition): a booking meanwhile makes it check again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const fields: StylistFields = { ...current, ...patch };
        const parts = await futureProcedures(c.env.DB, stylistId, w.now);
        if (current.active && !fields.active && parts.length && !confirm)
          return conflict(c, {
            error: 'HAS_APPOINTMENTS',
            message: `${current.name} has appointments to come: move or cancel them first, or confirm to keep them with ${current.name} (they stay in the diary, flagged).`,
            appointments: appointmentsOf(parts, timezone),
          });
        const stranded = fields.active && (patch.hours || patch.extra_days) ? strandedBy(parts, current, fields, timezone) : [];
        if (stranded.length && !confirm)
          return conflict(c, {
            error: 'STRANDS_APPOINTMENTS',
            message: `These appointments would be outside ${current.name}’s new hours: move them, or confirm to keep them (they stay in the diary, flagged).`,
            appointments: appointmentsOf(stranded, timezone),
          });
        const all = await readStylists(c.env.DB, w.salonId);
        const order =
          position !== undefined
            ? movedTo(
                all.map((s) => s.id),
                stylistId,
                position,
              )
            : null;
        const placeBefore = all.findIndex((s) => s.id === stylistId) + 1;
        const before = stylistWords(current);
        const after = stylistWords(fields);
        const place =
          order !== null && order.indexOf(stylistId) + 1 !== placeBefore
            ? { before: placeBefore, after: order.indexOf(stylistId) + 1 }
            : null;
        const history = changeWords({ before, after, place, patch, current });
        const saved = await refusingGone(() =>
          patchStylist(c.env.DB, w, stylistId, from, futureKeyOf(parts), {
            fields,
            lists: { services: patch.services, hours: patch.hours, extra_days: patch.extra_days },
            link: patch.staff_id !== undefined && patch.staff_id !== current.staff_id,
            order,
            history,
          }),
        );
        if (saved) {
          const updated = await stylistOrNotFound(c, stylistId);
          announceStylist(c, scopes, stylistId);
          withVersion(c, updated.version);
          return c.json(answerOf(updated));
        }
        current = await stylistOrNotFound(c, stylistId);
        if (current.version !== from) return stale(c, MSG_STALE, answerOf(current));
      }
      throw new AppError('CONFLICT', 'The diary keeps changing for this stylist: try again in a moment.');
    },
  );
