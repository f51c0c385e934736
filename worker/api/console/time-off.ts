import { Hono, type Context } from 'hono';
import { shortDayOf, zonedTime } from '../../../shared/zoned-time';
import * as z from 'zod';
import { CAN } from '../../../shared/console/roles';
import {
  approveTimeOffSchema,
  blockPatchSchema,
  MAX_BLOCK_MS,
  MAX_LIST_RANGE_MS,
  newBlockSchema,
  newTimeOffSchema,
  TIME_OFF_REASON_LABELS,
  absenceQuerySchema,
  timeOffQuerySchema,
  type AbsenceEvent,
  type StrandsAppointments,
} from '../../../shared/console/time-off';
import { blockOf, createBlock, listBlocks, patchBlock, removeBlock, type BlockRow } from '../../db/blocked-times';
import {
  createTimeOff,
  decideTimeOff,
  isActiveStylist,
  listTimeOff,
  removeTimeOff,
  strandedBy,
  stylistName,
  timeOffOf,
  type TimeOffRow,
} from '../../db/time-off';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError, FieldErrors } from '../../errors';
import { publishAbsenceChange } from '../../messaging/realtime';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { blockOut, timeOffOut } from '../../console/time-off';
import { announce, changeOf, needsIfMatch, ownColumnOf, refuseFields, stale, staleOrGone, versionOf, withVersion } from './resource';

/**
 * Time off and blocked time (issue 48; docs/console/time-off.md) under /api/console/salons/{id}/.
 * Owners and managers set time off (approved) and blocks in any column, and approve or decline
 * requests; a stylist reads their own column's, asks for time off there (a request) and blocks
 * time there. Approved time off and blocks over appointments still to come answer 409
 * STRANDS_APPOINTMENTS unless `confirm: true`; the database decides (db/time-off.ts), so a booking
 * racing the change either is refused or is in the 409's list. ETag/If-Match, History,
 * changedScopes and the salon's channel as the menu's calls (menu.ts).
 */

const timeOffParam = z.object({ salonId: z.string(), timeOffId: idParam('Time off id') });
const blockParam = z.object({ salonId: z.string(), blockId: idParam('Block id') });

const MSG_STALE_TIME_OFF = 'Someone else changed this time off since you opened it. Check it, then make your change again.';
const MSG_STALE_BLOCK = 'Someone else changed this block since you opened it. Check it, then make your change again.';
const MSG_OWN_COLUMN = 'You can only do this in your own column of the diary.';

const iso = (ms: number) => new Date(ms).toISOString();

/** After a change: the booking page's next load shows it (approved time off and blocks), and the salon's open consoles ask again. */
const announceAbsence = (c: Context<AppEnv>, scopes: string[], event: AbsenceEvent) =>
  announce(c, scopes, publishAbsenceChange(c.get('config'), staffOf(c).salonId, event), `${event.kind} ${event.change} ${event.id}`);

/** A column named in a body: the salon's active one, and for a stylist their own (403 naming the field). */
async function checkColumn(c: Context<AppEnv>, stylistId: number) {
  const own = await ownColumnOf(c);
  if (own !== undefined && own !== stylistId) throw new AppError('FORBIDDEN', MSG_OWN_COLUMN, 'stylist_id');
  if (!(await isActiveStylist(c.env.DB, staffOf(c).salonId, stylistId))) refuseFields({ stylist_id: 'Choose one of the salon’s stylists' });
}

/** The range a list reads: the query's, or from 31 days ago for 400 days. */
function rangeOf(q: { from?: number; to?: number }) {
  const from = q.from ?? (q.to !== undefined ? q.to - MAX_LIST_RANGE_MS : Date.now() - 31 * 24 * 3600_000);
  return { from, to: q.to ?? from + MAX_LIST_RANGE_MS };
}

/** Which column a list reads: the asked one, a stylist's own (another's 404). */
async function listColumn(c: Context<AppEnv>, asked: number | undefined) {
  const own = await ownColumnOf(c);
  if (own === undefined) return asked;
  if (asked !== undefined && asked !== own) throw new AppError('NOT_FOUND', 'Stylist not found', 'stylist_id');
  return own;
}

async function timeOffOrNotFound(c: Context<AppEnv>, id: number) {
  const row = await timeOffOf(c.env.DB, staffOf(c).salonId, id);
  const own = await ownColumnOf(c);
  if (!row || (own !== undefined && row.stylist_id !== own)) throw new AppError('NOT_FOUND', 'Time off not found');
  return row;
}

async function blockOrNotFound(c: Context<AppEnv>, id: number) {
  const row = await blockOf(c.env.DB, staffOf(c).salonId, id);
  const own = await ownColumnOf(c);
  if (!row || (own !== undefined && row.stylist_id !== own)) throw new AppError('NOT_FOUND', 'Block not found');
  return row;
}

/** "Sat 28 Mar 09:00 – Sun 29 Mar 17:00" in the salon's time. */
const stamp = (t: number, timezone: string) => {
  const z = zonedTime(t, timezone);
  return `${shortDayOf(z)} ${z.year} ${z.time}`;
};
const span = (start: number, end: number, timezone: string) => `${stamp(start, timezone)} – ${stamp(end, timezone)}`;

async function timeOffWords(
  c: Context<AppEnv>,
  t: Pick<TimeOffRow, 'stylist_id' | 'start_at' | 'end_at' | 'reason' | 'status'>,
  timezone: string,
) {
  const name = await stylistName(c.env.DB, staffOf(c).salonId, t.stylist_id);
  return `${TIME_OFF_REASON_LABELS[t.reason]}, ${name}: ${span(t.start_at, t.end_at, timezone)} (${t.status})`;
}

async function blockWords(c: Context<AppEnv>, b: Pick<BlockRow, 'stylist_id' | 'start_at' | 'end_at' | 'reason'>, timezone: string) {
  const name = await stylistName(c.env.DB, staffOf(c).salonId, b.stylist_id);
  return `${b.reason}, ${name}: ${span(b.start_at, b.end_at, timezone)}`;
}

/** 409 STRANDS_APPOINTMENTS: the appointments in the way, to show before the person confirms. */
async function strands(c: Context<AppEnv>, q: { stylistId: number; start: number; end: number; now: number }) {
  const rows = await strandedBy(c.env.DB, { salonId: staffOf(c).salonId, ...q });
  const n = rows.length;
  const message =
    n === 0
      ? 'Something changed meanwhile: try again.'
      : `This overlaps ${n === 1 ? 'an appointment' : `${n} appointments`} still to come. Send it again with confirm to keep ${n === 1 ? 'it' : 'them'} where ${n === 1 ? 'it is' : 'they are'}, or move ${n === 1 ? 'it' : 'them'} first.`;
  const body: StrandsAppointments = {
    error: 'STRANDS_APPOINTMENTS',
    message,
    appointments: rows.map((r) => ({
      id: r.id,
      start: iso(r.start_at),
      end: iso(r.end_at),
      client_name: r.client_name,
      services: r.services ? r.services.split('\n') : [],
    })),
  };
  return c.json({ ...errorBody(c, 'CONFLICT', message), ...body }, 409);
}

/** approve's body is optional: none is `{}`. */
async function approveBody(c: Context<AppEnv>) {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new AppError('BAD_REQUEST', 'Send JSON, such as {"confirm": true}');
    }
  }
  const r = approveTimeOffSchema.safeParse(raw);
  if (!r.success) {
    const errors: Record<string, string> = {};
    for (const issue of r.error.issues) errors[issue.path.map(String).join('.') || 'body'] ??= issue.message;
    refuseFields(errors, 'Check the approval');
  }
  return r.data!;
}

/**
 * A request to decide, as the decision started from it: the salon's (404 otherwise), at the
 * version named (412 with it as it is now), still a request (409); with History's words of it
 * before and after.
 */
async function requestToDecide(c: Context<AppEnv>, timeOffId: number, from: number, decision: 'approved' | 'declined') {
  const row = await timeOffOrNotFound(c, timeOffId);
  if (row.version !== from) return stale(c, MSG_STALE_TIME_OFF, timeOffOut(row));
  if (row.status !== 'requested') throw new AppError('CONFLICT', `This time off is ${row.status} already.`, undefined, 'NOT_A_REQUEST');
  const change = await changeOf(c);
  const h = {
    field: 'time_off' as const,
    old: await timeOffWords(c, row, change.timezone),
    new: await timeOffWords(c, { ...row, status: decision }, change.timezone),
  };
  return { row, change, h };
}

/** The decision's outcome when the conditional write changed nothing: gone, stale, decided already, or in the way. */
async function decidedNothing(c: Context<AppEnv>, id: number, from: number, decision: 'approved' | 'declined', now: number) {
  const row = await timeOffOf(c.env.DB, staffOf(c).salonId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Time off not found');
  if (row.version !== from) return stale(c, MSG_STALE_TIME_OFF, timeOffOut(row));
  if (row.status !== 'requested') throw new AppError('CONFLICT', `This time off is ${row.status} already.`, undefined, 'NOT_A_REQUEST');
  if (decision === 'declined') return stale(c, MSG_STALE_TIME_OFF, timeOffOut(row));
  return strands(c, { stylistId: row.stylist_id, start: row.start_at, end: row.end_at, now });
}

export const consoleTimeOff = new Hono<AppEnv>()
  .get('/console/salons/:salonId/time-off', staffRoute(CAN.absence), validate('query', timeOffQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const stylistId = await listColumn(c, q.stylist_id);
    const rows = await listTimeOff(c.env.DB, staffOf(c).salonId, { ...rangeOf(q), stylistId, status: q.status });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ time_off: rows.map(timeOffOut) });
  })
  .post(
    '/console/salons/:salonId/time-off',
    staffRoute(CAN.absence),
    jsonBody,
    validateForm(newTimeOffSchema, 'Check the time off'),
    async (c) => {
      const body = c.req.valid('json');
      await checkColumn(c, body.stylist_id);
      const status = staffOf(c).role === 'stylist' ? 'requested' : 'approved';
      const { w, timezone, scopes } = await changeOf(c);
      const t = { stylistId: body.stylist_id, start: body.start, end: body.end, reason: body.reason, note: body.note, status } as const;
      const words = await timeOffWords(
        c,
        { stylist_id: t.stylistId, start_at: t.start, end_at: t.end, reason: t.reason, status },
        timezone,
      );
      const id = await createTimeOff(c.env.DB, w, t, body.confirm === true, words);
      if (id === null) return strands(c, { stylistId: t.stylistId, start: t.start, end: t.end, now: w.now });
      const created = (await timeOffOf(c.env.DB, w.salonId, id))!;
      announceAbsence(c, status === 'approved' ? scopes : [], {
        kind: 'time_off',
        id,
        stylist_id: t.stylistId,
        change: status === 'approved' ? 'created' : 'requested',
      });
      withVersion(c, created.version);
      return c.json({ time_off: timeOffOut(created) }, 201);
    },
  )
  .get('/console/salons/:salonId/time-off/:timeOffId', staffRoute(CAN.absence), validate('param', timeOffParam), async (c) => {
    const row = await timeOffOrNotFound(c, c.req.valid('param').timeOffId);
    c.header('Cache-Control', 'private, no-store');
    withVersion(c, row.version);
    return c.json({ time_off: timeOffOut(row) });
  })
  .post(
    '/console/salons/:salonId/time-off/:timeOffId/approve',
    staffRoute(CAN.decideTimeOff),
    validate('param', timeOffParam),
    needsIfMatch,
    async (c) => {
      const { timeOffId } = c.req.valid('param');
      const from = versionOf(c);
      const { confirm } = await approveBody(c);
      const request = await requestToDecide(c, timeOffId, from, 'approved');
      if (request instanceof Response) return request;
      const { row, h } = request;
      const { w, scopes } = request.change;
      if (!(await decideTimeOff(c.env.DB, w, row, from, 'approved', confirm === true, h)))
        return decidedNothing(c, timeOffId, from, 'approved', w.now);
      const saved = (await timeOffOf(c.env.DB, w.salonId, timeOffId))!;
      announceAbsence(c, scopes, { kind: 'time_off', id: timeOffId, stylist_id: row.stylist_id, change: 'approved' });
      withVersion(c, saved.version);
      return c.json({ time_off: timeOffOut(saved) });
    },
  )
  .post(
    '/console/salons/:salonId/time-off/:timeOffId/decline',
    staffRoute(CAN.decideTimeOff),
    validate('param', timeOffParam),
    needsIfMatch,
    async (c) => {
      const { timeOffId } = c.req.valid('param');
      const from = versionOf(c);
      const request = await requestToDecide(c, timeOffId, from, 'declined');
      if (request instanceof Response) return request;
      const { row, h } = request;
      const { w } = request.change;
      if (!(await decideTimeOff(c.env.DB, w, row, from, 'declined', false, h)))
        return decidedNothing(c, timeOffId, from, 'declined', w.now);
      const saved = (await timeOffOf(c.env.DB, w.salonId, timeOffId))!;
      // a request took no time: the booking page has nothing to show again
      announceAbsence(c, [], { kind: 'time_off', id: timeOffId, stylist_id: row.stylist_id, change: 'declined' });
      withVersion(c, saved.version);
      return c.json({ time_off: timeOffOut(saved) });
    },
  )
  .delete(
    '/console/salons/:salonId/time-off/:timeOffId',
    staffRoute(CAN.absence),
    validate('param', timeOffParam),
    needsIfMatch,
    async (c) => {
      const { timeOffId } = c.req.valid('param');
      const from = versionOf(c);
      const row = await timeOffOrNotFound(c, timeOffId);
      // a stylist withdraws their own request; approved or declined time off is an owner's or manager's
      if (staffOf(c).role === 'stylist' && row.status !== 'requested')
        throw new AppError('FORBIDDEN', 'Only an owner or a manager can remove time off that was decided. Ask them.');
      if (row.version !== from) return stale(c, MSG_STALE_TIME_OFF, timeOffOut(row));
      const { w, timezone, scopes } = await changeOf(c);
      const h = { field: 'time_off' as const, old: await timeOffWords(c, row, timezone), new: null };
      if (!(await removeTimeOff(c.env.DB, w, timeOffId, from, h))) {
        const now = await timeOffOf(c.env.DB, w.salonId, timeOffId);
        return staleOrGone(c, MSG_STALE_TIME_OFF, now && timeOffOut(now), 'Time off not found');
      }
      announceAbsence(c, row.status === 'approved' ? scopes : [], {
        kind: 'time_off',
        id: timeOffId,
        stylist_id: row.stylist_id,
        change: 'removed',
      });
      return c.body(null, 204);
    },
  )
  .get('/console/salons/:salonId/blocks', staffRoute(CAN.absence), validate('query', absenceQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const stylistId = await listColumn(c, q.stylist_id);
    const rows = await listBlocks(c.env.DB, staffOf(c).salonId, { ...rangeOf(q), stylistId });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ blocks: rows.map(blockOut) });
  })
  .post(
    '/console/salons/:salonId/blocks',
    staffRoute(CAN.absence),
    jsonBody,
    validateForm(newBlockSchema, 'Check the block'),
    async (c) => {
      const body = c.req.valid('json');
      await checkColumn(c, body.stylist_id);
      const { w, timezone, scopes } = await changeOf(c);
      const b = { stylistId: body.stylist_id, start: body.start, end: body.end, reason: body.reason };
      const words = await blockWords(c, { stylist_id: b.stylistId, start_at: b.start, end_at: b.end, reason: b.reason }, timezone);
      const id = await createBlock(c.env.DB, w, b, body.confirm === true, words);
      if (id === null) return strands(c, { stylistId: b.stylistId, start: b.start, end: b.end, now: w.now });
      const created = (await blockOf(c.env.DB, w.salonId, id))!;
      announceAbsence(c, scopes, { kind: 'block', id, stylist_id: b.stylistId, change: 'created' });
      withVersion(c, created.version);
      return c.json({ block: blockOut(created) }, 201);
    },
  )
  .get('/console/salons/:salonId/blocks/:blockId', staffRoute(CAN.absence), validate('param', blockParam), async (c) => {
    const row = await blockOrNotFound(c, c.req.valid('param').blockId);
    c.header('Cache-Control', 'private, no-store');
    withVersion(c, row.version);
    return c.json({ block: blockOut(row) });
  })
  .patch(
    '/console/salons/:salonId/blocks/:blockId',
    staffRoute(CAN.absence),
    validate('param', blockParam),
    needsIfMatch,
    jsonBody,
    validateForm(blockPatchSchema, 'Check the block'),
    async (c) => {
      const { blockId } = c.req.valid('param');
      const from = versionOf(c);
      const body = c.req.valid('json');
      const current = await blockOrNotFound(c, blockId);
      if (current.version !== from) return stale(c, MSG_STALE_BLOCK, blockOut(current));
      const next = { start: body.start ?? current.start_at, end: body.end ?? current.end_at, reason: body.reason ?? current.reason };
      // one end moved alone: the pair checked again as a whole
      if (next.end <= next.start) throw new FieldErrors('Check the block', { end: 'The end must be after the start' });
      if (next.end - next.start > MAX_BLOCK_MS) throw new FieldErrors('Check the block', { end: 'A block can last at most a week' });
      const { w, timezone, scopes } = await changeOf(c);
      const h = {
        field: 'block' as const,
        old: await blockWords(c, current, timezone),
        new: await blockWords(c, { stylist_id: current.stylist_id, start_at: next.start, end_at: next.end, reason: next.reason }, timezone),
      };
      if (!(await patchBlock(c.env.DB, w, current, from, next, body.confirm === true, h))) {
        const now = await blockOf(c.env.DB, w.salonId, blockId);
        if (!now) throw new AppError('NOT_FOUND', 'Block not found');
        if (now.version !== from) return stale(c, MSG_STALE_BLOCK, blockOut(now));
        return strands(c, { stylistId: current.stylist_id, start: next.start, end: next.end, now: w.now });
      }
      const saved = (await blockOf(c.env.DB, w.salonId, blockId))!;
      announceAbsence(c, scopes, { kind: 'block', id: blockId, stylist_id: current.stylist_id, change: 'moved' });
      withVersion(c, saved.version);
      return c.json({ block: blockOut(saved) });
    },
  )
  .delete('/console/salons/:salonId/blocks/:blockId', staffRoute(CAN.absence), validate('param', blockParam), needsIfMatch, async (c) => {
    const { blockId } = c.req.valid('param');
    const from = versionOf(c);
    const current = await blockOrNotFound(c, blockId);
    if (current.version !== from) return stale(c, MSG_STALE_BLOCK, blockOut(current));
    const { w, timezone, scopes } = await changeOf(c);
    const h = { field: 'block' as const, old: await blockWords(c, current, timezone), new: null };
    if (!(await removeBlock(c.env.DB, w, blockId, from, h))) {
      const now = await blockOf(c.env.DB, w.salonId, blockId);
      return staleOrGone(c, MSG_STALE_BLOCK, now && blockOut(now), 'Block not found');
    }
    announceAbsence(c, scopes, { kind: 'block', id: blockId, stylist_id: current.stylist_id, change: 'removed' });
    return c.body(null, 204);
  });
