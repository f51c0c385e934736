import { salonTimeToIso } from '../../../shared/console/salon-time';
import { deskBookingSchema, WALK_IN_NOW, type DeskBooking } from '../../../shared/console/diary';
import * as z from '../../../shared/zod';
import { toE164 } from '../../components/phone-number';
import { clock } from '../lib/format';

/**
 * The desk's booking form (DeskBooking.tsx), built on the shared schema the call validates with:
 * the form's values are made the call's body (deskBody) and the shared schema's messages land on
 * the fields they came from (the form's fields are named as the body's: client.name,
 * procedures.0.stylist_id, repeat.count…).
 */
export interface DeskForm {
  /** a walk-in: now, a name only */
  walk_in: boolean;
  client: { id: string; name: string; phone: string };
  procedures: { service_id: string; stylist_id: string }[];
  /** one of the times offered online (an instant) */
  start_time: string;
  any_time: boolean;
  /** any time the stylists are free: a wall-clock time on the diary's day, the salon's */
  free_time: string;
  repeat: { on: boolean; every_weeks: string; ends: 'count' | 'until'; count: string; until: string };
}

export const emptyProcedure = { service_id: '', stylist_id: '' };

/** A clock ('10:30') or an instant as the diary hands it, as the salon's clock; '' for anything else. */
export function initialClock(time: string | undefined, timezone: string): string {
  if (!time) return '';
  if (/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return time;
  return Number.isNaN(new Date(time).getTime()) ? '' : clock(time, timezone);
}

export function deskDefaults(p: { stylistId?: number; time?: string }, timezone: string): DeskForm {
  const clock = initialClock(p.time, timezone);
  return {
    walk_in: false,
    client: { id: '', name: '', phone: '' },
    procedures: [{ service_id: '', stylist_id: p.stylistId ? String(p.stylistId) : '' }],
    start_time: '',
    // a slot chosen in the diary is booked at that time, when the stylist is free then
    any_time: !!clock,
    free_time: clock || '10:00',
    repeat: { on: false, every_weeks: '4', ends: 'count', count: '6', until: '' },
  };
}

/** The call's body from what the form holds. */
export function deskBody(v: DeskForm, date: string, timezone: string, country: string, skipClashes = false): DeskBooking {
  const phone = v.client.phone.trim();
  const client: DeskBooking['client'] = v.client.id
    ? { id: v.client.id }
    : v.walk_in && !phone
      ? { name: v.client.name }
      : { name: v.client.name, phone: toE164(phone, country) ?? phone };
  const r = v.repeat;
  return {
    client,
    start_time: v.walk_in ? WALK_IN_NOW : v.any_time ? salonTimeToIso(`${date}T${v.free_time}`, timezone) : v.start_time,
    procedures: v.procedures.map((p) => ({ service_id: Number(p.service_id), stylist_id: Number(p.stylist_id) })),
    ...(v.any_time && !v.walk_in ? { any_time: true } : {}),
    ...(r.on && !v.walk_in
      ? {
          repeat: {
            every_weeks: Number(r.every_weeks),
            ...(r.ends === 'count' ? { count: Number(r.count) } : { until: r.until }),
            ...(skipClashes ? { skip_clashes: true } : {}),
          },
        }
      : {}),
  };
}

/** Where a message of the shared schema (a path of the body) shows on the form. */
export function formFieldOf(path: string, v: Pick<DeskForm, 'any_time'>): string {
  if (path === 'start_time') return v.any_time ? 'free_time' : 'start_time';
  if (path === 'client' || path === 'client.id') return 'client.name';
  if (path === 'procedures') return 'procedures.0.service_id';
  if (path === 'repeat') return 'repeat.every_weeks';
  return path;
}

/** The form's schema: the shared one, over the body the form makes. */
export function deskFormSchema(date: string, timezone: string, country: string) {
  return z.custom<DeskForm>().superRefine((v, ctx) => {
    const r = deskBookingSchema.safeParse(deskBody(v, date, timezone, country));
    const seen = new Set<string>();
    for (const issue of r.success ? [] : r.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'), v);
      if (seen.has(field)) continue;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: field.split('.'), message: issue.message });
    }
  });
}
