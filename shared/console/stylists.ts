import { isCalendarDate } from '../dates';
import { typedName } from '../typed-name';
import type { DayHours } from '../working-hours';
import * as z from '../zod';
import type { ConsolePhoto } from './photos';
import { stylistOfferSchema } from './menu';

/**
 * The salon's stylists (the diary's bookable columns) in the console (issue 48,
 * docs/console/stylists.md): who they are, the services they perform at what price and for how
 * long, their weekly hours with any number of breaks, and extra working days. One schema for the
 * console's forms and the calls, so a field's message on the screen is the server's. Times are
 * the salon's local wall clock ("09:30"), money integer minor units, durations whole minutes.
 */

const unknownField = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};
const id = (message: string) => z.number(message).int(message).positive(message);

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const MSG_TIME = 'Enter a time such as 09:00 or 17:30';
const time = z.string(MSG_TIME).regex(TIME, MSG_TIME);

/** "09:30" → 570. */
export const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** 570 → "09:30". */
export const timeOf = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

export const MAX_BREAKS = 8;
export const MAX_EXTRA_DAYS = 120;

const breakSchema = z.strictObject({ start: time, end: time }, unknownField);
export type Break = z.infer<typeof breakSchema>;

/** A day's rules: it ends after it starts; each break ends after it starts, lies inside the day and apart from the others. */
function checkDay(d: { start: string; end: string; breaks: Break[] }, ctx: z.RefinementCtx) {
  if (!TIME.test(d.start) || !TIME.test(d.end)) return;
  const start = minutesOf(d.start);
  const end = minutesOf(d.end);
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The day ends after it starts' });
  const seen: [number, number][] = [];
  d.breaks.forEach((b, i) => {
    if (!TIME.test(b.start) || !TIME.test(b.end)) return;
    const s = minutesOf(b.start);
    const e = minutesOf(b.end);
    if (e <= s) ctx.addIssue({ code: 'custom', path: ['breaks', i, 'end'], message: 'A break ends after it starts' });
    else if (s < start || e > end)
      ctx.addIssue({
        code: 'custom',
        path: ['breaks', i, 'start'],
        message: `A break lies within the day’s hours (${d.start} to ${d.end})`,
      });
    else if (seen.some(([a, z2]) => s < z2 && e > a))
      ctx.addIssue({ code: 'custom', path: ['breaks', i, 'start'], message: 'Breaks cannot overlap' });
    seen.push([s, e]);
  });
}

const dayFields = {
  start: time,
  end: time,
  breaks: z.array(breakSchema, 'List the breaks').max(MAX_BREAKS, `At most ${MAX_BREAKS} breaks a day`).default([]),
};

/** A weekday's hours (0 Sunday … 6 Saturday). A weekday not listed is not worked. */
export const weekdayHoursSchema = z
  .strictObject(
    {
      weekday: z
        .number('Choose a day of the week')
        .int('Choose a day of the week')
        .min(0, 'Choose a day of the week')
        .max(6, 'Choose a day of the week'),
      ...dayFields,
    },
    unknownField,
  )
  .superRefine(checkDay);
export type WeekdayHours = z.infer<typeof weekdayHoursSchema>;

/** An extra working day: on `date` these hours, whether or not the weekday is worked (they replace it that day). */
export const extraDaySchema = z
  .strictObject(
    {
      date: z.string('Enter a date').refine(isCalendarDate, 'Enter a date such as 2026-12-24'),
      ...dayFields,
    },
    unknownField,
  )
  .superRefine(checkDay);
export type ExtraDay = z.infer<typeof extraDaySchema>;

/** A service the stylist performs: price in minor units, duration and processing in minutes (the menu's own rules). */
export const stylistServiceSchema = stylistOfferSchema.omit({ stylist_id: true }).extend({ service_id: id('Choose a service') });
export type StylistService = z.infer<typeof stylistServiceSchema>;

/** Whether each item's key is listed once. */
const once = <T>(l: T[], key: (x: T) => unknown) => new Set(l.map(key)).size === l.length;

const fields = {
  name: typedName({ max: 60, empty: 'Enter their name', tooLong: 'A name can be at most 60 characters' }),
  title: z.string('Enter a title, or leave it empty').trim().max(60, 'A title can be at most 60 characters'),
  active: z.boolean('Say whether they take bookings'),
  /** the member of the team whose sign-in works in this column (a stylist), or null */
  staff_id: id('Choose someone on the team').nullable(),
  services: z
    .array(stylistServiceSchema, 'List the services they perform')
    .max(300, 'At most 300 services')
    .refine((l) => once(l, (s) => s.service_id), 'A service is listed twice'),
  hours: z
    .array(weekdayHoursSchema, 'List the weekly hours')
    .max(7, 'A week has 7 days')
    .refine((l) => once(l, (h) => h.weekday), 'A day of the week is listed twice'),
  extra_days: z
    .array(extraDaySchema, 'List the extra working days')
    .max(MAX_EXTRA_DAYS, `At most ${MAX_EXTRA_DAYS} extra working days`)
    .refine((l) => once(l, (d) => d.date), 'A date is listed twice'),
};
const position = z.number('Choose a place in the list').int('Choose a place in the list').min(1, 'The first place is 1');
/** Saves although appointments would be left outside the new hours, or with a stylist no longer working (they stay, flagged). */
const confirm = z.boolean('Say whether to keep the appointments');

/** POST stylists: a new column at the end of the list (PATCH `position` moves it). */
export const newStylistSchema = z.strictObject(
  {
    name: fields.name,
    title: fields.title.default(''),
    active: fields.active.default(true),
    staff_id: fields.staff_id.default(null),
    services: fields.services.default([]),
    hours: fields.hours.default([]),
    extra_days: fields.extra_days.default([]),
  },
  unknownField,
);
export type NewStylist = z.input<typeof newStylistSchema>;

/** PATCH stylists/{stylistId}: any of the fields (a list replaces the whole list), its place, and `confirm`. */
export const stylistPatchSchema = z
  .strictObject(
    {
      name: fields.name.optional(),
      title: fields.title.optional(),
      active: fields.active.optional(),
      staff_id: fields.staff_id.optional(),
      services: fields.services.optional(),
      hours: fields.hours.optional(),
      extra_days: fields.extra_days.optional(),
      position: position.optional(),
      confirm: confirm.optional(),
    },
    unknownField,
  )
  .refine((b) => Object.keys(b).some((k) => k !== 'confirm'), { message: 'Send at least one field to change', path: ['name'] });
export type StylistPatch = z.input<typeof stylistPatchSchema>;

/** A stylist as the console shows it (GET answers it with its version as ETag). */
export interface ConsoleStylist {
  id: number;
  name: string;
  title: string;
  active: boolean;
  staff_id: number | null;
  /** changed with the photo upload (PUT photos/stylists/{id}) */
  photo: ConsolePhoto | null;
  /** 1 is the first column */
  position: number;
  services: StylistService[];
  hours: WeekdayHours[];
  extra_days: ExtraDay[];
  version: number;
}

/** An appointment a change would strand (409): its stylist's part of it. */
export interface StrandedAppointment {
  id: number;
  start: string;
  end: string;
  client_name: string;
  services: string[];
}

/** 409 of a PATCH: deactivating with appointments to come, or hours that would leave some outside. */
export interface StrandsAnswer {
  error: 'HAS_APPOINTMENTS' | 'STRANDS_APPOINTMENTS';
  message: string;
  appointments: StrandedAppointment[];
}

/** A day as the engine reads it (local minutes). */
export const dayHoursOf = (d: { start: string; end: string; breaks: Break[] }): DayHours => ({
  start: minutesOf(d.start),
  end: minutesOf(d.end),
  breaks: d.breaks.map((b) => [minutesOf(b.start), minutesOf(b.end)] as const).sort((a, b) => a[0] - b[0]),
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** A stylist in a few words, for History: "Amelia Hart (Creative Director; Tue-Sat …; 3 services; 1 extra day)". */
export function stylistWords(s: Pick<ConsoleStylist, 'name' | 'title' | 'active' | 'services' | 'hours' | 'extra_days'>): string {
  const week = [...s.hours]
    .sort((a, b) => a.weekday - b.weekday)
    .map(
      (h) =>
        `${WEEKDAYS[h.weekday]} ${h.start}-${h.end}${h.breaks.length ? ` (${h.breaks.map((b) => `break ${b.start}-${b.end}`).join(', ')})` : ''}`,
    )
    .join(', ');
  const parts = [
    ...(s.title ? [s.title] : []),
    ...(s.active ? [] : ['not taking bookings']),
    week || 'no weekly hours',
    `${s.services.length} ${s.services.length === 1 ? 'service' : 'services'}`,
    ...(s.extra_days.length ? [`extra days ${s.extra_days.map((d) => `${d.date} ${d.start}-${d.end}`).join(', ')}`] : []),
  ];
  return `${s.name} (${parts.join('; ')})`;
}
