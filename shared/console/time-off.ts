import { isIsoDateTime } from '../dates';
import * as z from '../zod';

/**
 * Time off and blocked time in the console (issue 48, docs/console/time-off.md): a stylist's
 * absence (holiday, sick, training, other; asked for by the stylist and approved by an owner or
 * manager, or set by them) and a stretch of a diary column blocked with a reason. One schema for
 * the console's forms and the calls, so a field's message on the screen is the server's own.
 * Instants travel as ISO 8601 with an offset or Z, and are stored as UTC ms.
 */

const unknownField = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};
const id = (message: string) => z.number(message).int(message).positive(message);

export const MINUTE_MS = 60_000;
/** Blocks lie on the diary's 5-minute grid. */
export const BLOCK_GRID_MS = 5 * MINUTE_MS;
/** The longest time off (a year and a day, a leap year's) and block (a week). */
export const MAX_TIME_OFF_MS = 366 * 24 * 60 * MINUTE_MS;
export const MAX_BLOCK_MS = 7 * 24 * 60 * MINUTE_MS;
/** The widest range a list reads at once. */
export const MAX_LIST_RANGE_MS = 400 * 24 * 60 * MINUTE_MS;

/** An ISO 8601 instant with its offset ('2026-03-29T09:00:00+01:00', '…Z') as UTC ms. */
const instant = (message: string) =>
  z
    .string(message)
    .max(40, message)
    .refine((s) => isIsoDateTime(s) && /(Z|[+-]\d\d:?\d\d)$/i.test(s), message)
    .transform((s) => Date.parse(s));

const onMinute = (ms: number) => ms % MINUTE_MS === 0;
const onGrid = (ms: number) => ms % BLOCK_GRID_MS === 0;

export const TIME_OFF_REASONS = ['holiday', 'sick', 'training', 'other'] as const;
export type TimeOffReason = (typeof TIME_OFF_REASONS)[number];
export const TIME_OFF_REASON_LABELS: Record<TimeOffReason, string> = {
  holiday: 'Holiday',
  sick: 'Sick',
  training: 'Training',
  other: 'Other',
};
export const TIME_OFF_STATUSES = ['requested', 'approved', 'declined'] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

const stylistId = id('Choose a stylist');
const start = instant('Enter the start as a date and time with its offset, such as 2026-03-29T09:00:00+01:00');
const end = instant('Enter the end as a date and time with its offset, such as 2026-03-29T17:00:00+01:00');
const confirm = z.boolean('confirm is true (keep the appointments it overlaps) or absent').optional();

/** The end after the start, and no longer than `max` (per-field messages on `end`). */
function checkSpan(b: { start?: number; end?: number }, ctx: z.RefinementCtx, max: number, what: string) {
  if (b.start === undefined || b.end === undefined) return;
  if (b.end <= b.start) ctx.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['end'] });
  else if (b.end - b.start > max)
    ctx.addIssue({ code: 'custom', message: `${what} can last at most ${max === MAX_TIME_OFF_MS ? 'a year' : 'a week'}`, path: ['end'] });
}

/** POST time-off. A stylist's own is a request (status requested); an owner's or manager's is approved. */
export const newTimeOffSchema = z
  .strictObject(
    {
      stylist_id: stylistId,
      start: start.refine(onMinute, 'The start must be on a whole minute'),
      end: end.refine(onMinute, 'The end must be on a whole minute'),
      reason: z.enum(TIME_OFF_REASONS, { message: 'Choose a reason: holiday, sick, training or other' }),
      note: z.string('Write a note, or leave it out').trim().max(500, 'A note can be at most 500 characters').default(''),
      confirm,
    },
    unknownField,
  )
  .superRefine((b, ctx) => checkSpan(b, ctx, MAX_TIME_OFF_MS, 'Time off'));
export type NewTimeOff = z.input<typeof newTimeOffSchema>;

/** POST time-off/{id}/approve: `confirm: true` keeps the appointments it overlaps (otherwise 409 STRANDS_APPOINTMENTS). */
export const approveTimeOffSchema = z.strictObject({ confirm }, unknownField);
export type ApproveTimeOff = z.input<typeof approveTimeOffSchema>;

export const blockReason = z.string('Give a reason').trim().min(1, 'Give a reason').max(80, 'A reason can be at most 80 characters');

/** POST blocks: a stretch of a column, on the 5-minute grid. */
export const newBlockSchema = z
  .strictObject(
    {
      stylist_id: stylistId,
      start: start.refine(onGrid, 'The start must be on the 5-minute grid (10:00, 10:05…)'),
      end: end.refine(onGrid, 'The end must be on the 5-minute grid (10:00, 10:05…)'),
      reason: blockReason,
      confirm,
    },
    unknownField,
  )
  .superRefine((b, ctx) => checkSpan(b, ctx, MAX_BLOCK_MS, 'A block'));
export type NewBlock = z.input<typeof newBlockSchema>;

/** PATCH blocks/{id}: moved or resized (start, end), a new reason, or both; its column stays. */
export const blockPatchSchema = z
  .strictObject(
    {
      start: start.refine(onGrid, 'The start must be on the 5-minute grid (10:00, 10:05…)').optional(),
      end: end.refine(onGrid, 'The end must be on the 5-minute grid (10:00, 10:05…)').optional(),
      reason: blockReason.optional(),
      confirm,
    },
    unknownField,
  )
  .refine((b) => b.start !== undefined || b.end !== undefined || b.reason !== undefined, {
    message: 'Send a new start, end or reason',
    path: ['start'],
  })
  .superRefine((b, ctx) => checkSpan(b, ctx, MAX_BLOCK_MS, 'A block'));
export type BlockPatch = z.input<typeof blockPatchSchema>;

const optionalId = z.coerce.number<string>('Choose a stylist').int('Choose a stylist').positive('Choose a stylist').optional();

/** GET time-off and GET blocks: what overlaps [from, to) (default: from 31 days ago for 400 days), of one column or all. */
export const absenceQuerySchema = z
  .object({
    from: instant('from must be a date and time with its offset, such as 2026-03-29T00:00:00Z').optional(),
    to: instant('to must be a date and time with its offset, such as 2026-04-29T00:00:00Z').optional(),
    stylist_id: optionalId,
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined) {
      if (q.to <= q.from) ctx.addIssue({ code: 'custom', message: 'to must be after from', path: ['to'] });
      else if (q.to - q.from > MAX_LIST_RANGE_MS)
        ctx.addIssue({ code: 'custom', message: 'Ask for at most 400 days at once', path: ['to'] });
    }
  });
export const timeOffQuerySchema = absenceQuerySchema.and(
  z.object({ status: z.enum(TIME_OFF_STATUSES, { message: 'status is requested, approved or declined' }).optional() }),
);

/** Time off as the calls answer it (instants in ISO 8601, UTC). */
export interface TimeOff {
  id: number;
  stylist_id: number;
  start: string;
  end: string;
  reason: TimeOffReason;
  note: string;
  status: TimeOffStatus;
  /** who asked for it or set it (their email), and who approved or declined it (null: nobody yet) */
  requested_by: string;
  decided_by: string | null;
  /** its ETag: a change names it in If-Match */
  version: number;
}

/** A block as the calls answer it. */
export interface Block {
  id: number;
  stylist_id: number;
  start: string;
  end: string;
  reason: string;
  version: number;
}

/** GET time-off, and a change's answer. */
export interface TimeOffList {
  time_off: TimeOff[];
}
export interface TimeOffAnswer {
  time_off: TimeOff;
}
export interface BlockList {
  blocks: Block[];
}
export interface BlockAnswer {
  block: Block;
}

/** An appointment that approved time off or a block would overlap (409 STRANDS_APPOINTMENTS lists them). */
export interface StrandedAppointment {
  id: number;
  start: string;
  end: string;
  client_name: string;
  services: string[];
}

/** 409 when time off or a block overlaps appointments: sent again with `confirm: true`, it is saved and they stay. */
export interface StrandsAppointments {
  error: 'STRANDS_APPOINTMENTS';
  message: string;
  appointments: StrandedAppointment[];
}

/** The salon's open consoles hear of each change on its channel (ids only): the diary and Today ask again. */
export const ABSENCE_EVENT = 'absence';
export interface AbsenceEvent {
  kind: 'time_off' | 'block';
  id: number;
  stylist_id: number;
  change: 'created' | 'requested' | 'approved' | 'declined' | 'moved' | 'removed';
}

/** History's entries: the field, and old/new as a few words (null: none). */
export const ABSENCE_HISTORY_FIELDS = ['time_off', 'block'] as const;
export type AbsenceHistoryField = (typeof ABSENCE_HISTORY_FIELDS)[number];
export const ABSENCE_HISTORY_LABELS: Record<AbsenceHistoryField, string> = { time_off: 'Time off', block: 'Blocked time' };
