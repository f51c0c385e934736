import { addDays, isCalendarDate } from '../../../shared/dates';
import { salonTimeToIso } from '../../../shared/console/salon-time';
import {
  blockReason,
  newBlockSchema,
  newTimeOffSchema,
  TIME_OFF_REASONS,
  type NewBlock,
  type NewTimeOff,
} from '../../../shared/console/time-off';
import * as z from '../../../shared/zod';

/**
 * The forms of time off and blocked time, built on the shared schemas the calls validate with:
 * what a person types (dates, wall-clock times in the salon's timezone) is made the call's body,
 * and the shared schema's messages land on the fields they came from.
 */

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const MSG_DATE = 'Choose a date';
const MSG_CLOCK = 'Enter a time such as 09:30';

/** A block: its start and end on the diary's day, and a reason. */
export function blockFormSchema(date: string, timezone: string, stylistId: number) {
  return z
    .object({ start: z.string().regex(CLOCK, MSG_CLOCK), end: z.string().regex(CLOCK, MSG_CLOCK), reason: blockReason })
    .superRefine((v, ctx) => {
      const body = blockBody(v, date, timezone, stylistId);
      const r = newBlockSchema.safeParse(body);
      for (const issue of r.success ? [] : r.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'end' || field === 'start' || field === 'reason')
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    });
}
export type BlockForm = { start: string; end: string; reason: string };

export const blockBody = (v: BlockForm, date: string, timezone: string, stylistId: number): NewBlock => ({
  stylist_id: stylistId,
  start: salonTimeToIso(`${date}T${v.start}`, timezone),
  end: salonTimeToIso(`${date}T${v.end}`, timezone),
  reason: v.reason.trim(),
});

/** Time off: whole days (from one date to another, both included) or part of one day. */
export function timeOffFormSchema(timezone: string) {
  return z
    .object({
      stylist_id: z.string().min(1, 'Choose a stylist'),
      kind: z.enum(['days', 'hours']),
      from: z.string().refine(isCalendarDate, MSG_DATE),
      to: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      reason: z.enum(TIME_OFF_REASONS, { error: () => 'Choose a reason' }),
      note: z.string().trim().max(500, 'A note can be at most 500 characters'),
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'days' && !isCalendarDate(v.to)) return ctx.addIssue({ code: 'custom', path: ['to'], message: MSG_DATE });
      if (v.kind === 'hours') {
        if (!CLOCK.test(v.start_time)) ctx.addIssue({ code: 'custom', path: ['start_time'], message: MSG_CLOCK });
        if (!CLOCK.test(v.end_time)) return ctx.addIssue({ code: 'custom', path: ['end_time'], message: MSG_CLOCK });
      }
      if (!isCalendarDate(v.from)) return;
      const r = newTimeOffSchema.safeParse(timeOffBody(v, timezone));
      for (const issue of r.success ? [] : r.error.issues) {
        const field = formFieldOf(String(issue.path[0]), v.kind);
        if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    });
}
export type TimeOffForm = z.infer<ReturnType<typeof timeOffFormSchema>>;

/** A call's field in the form's terms: the end is the last day, or the end time. */
export function formFieldOf(field: string, kind: TimeOffForm['kind']): keyof TimeOffForm | null {
  if (field === 'start') return kind === 'days' ? 'from' : 'start_time';
  if (field === 'end') return kind === 'days' ? 'to' : 'end_time';
  if (field === 'stylist_id' || field === 'reason' || field === 'note') return field;
  return null;
}

export function timeOffBody(v: TimeOffForm, timezone: string): NewTimeOff {
  const days = v.kind === 'days';
  return {
    stylist_id: Number(v.stylist_id),
    // whole days: from the first day's midnight to the midnight after the last, in the salon's time
    start: salonTimeToIso(`${v.from}T${days ? '00:00' : v.start_time}`, timezone),
    end: days
      ? salonTimeToIso(`${isCalendarDate(v.to) ? addDays(v.to, 1) : ''}T00:00`, timezone)
      : salonTimeToIso(`${v.from}T${v.end_time}`, timezone),
    reason: v.reason,
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
  };
}
