import { isIsoDateTime } from '../dates';
import * as z from '../zod';

/**
 * A stylist's time off and blocked time (issue 48, docs/console-time-off.md): time off is a
 * stretch away from the salon (whole days or part of one) with a reason, asked for by a stylist
 * and approved or declined by an owner or manager, or added by them already approved; a block is
 * an hour or so taken out of one day's column (training, a meeting). Both take those times off the
 * booking page. Times are ISO 8601 instants; the console turns the salon's wall-clock times into
 * them (shared/console/salon-time.ts). One schema for the console's forms and the calls.
 */

const unknownField = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};

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
export const TIME_OFF_STATUS_LABELS: Record<TimeOffStatus, string> = {
  requested: 'Asked for',
  approved: 'Approved',
  declined: 'Declined',
};

const stylistId = z.number('Choose a stylist').int('Choose a stylist').positive('Choose a stylist');
const instant = (what: string) =>
  z
    .string(`Choose ${what}`)
    .min(1, `Choose ${what}`)
    .max(40, `Choose ${what} such as 2026-12-01T10:00:00Z`)
    .refine(isIsoDateTime, `Choose ${what} such as 2026-12-01T10:00:00Z`);
/** At most a year in one stretch of time off; a block is within a day. */
export const MAX_TIME_OFF_DAYS = 366;
export const MAX_BLOCK_HOURS = 24;

export const MSG_END_AFTER_START = 'The end must be after the start';

const startEnd = { start: instant('the start'), end: instant('the end') };
/** An end after its start, and no longer than `maxMs`. */
const ordered = (maxMs: number, tooLong: string) => (v: { start?: string; end?: string }, ctx: z.RefinementCtx) => {
  if (!v.start || !v.end || !isIsoDateTime(v.start) || !isIsoDateTime(v.end)) return;
  const ms = Date.parse(v.end) - Date.parse(v.start);
  if (ms <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: MSG_END_AFTER_START });
  else if (ms > maxMs) ctx.addIssue({ code: 'custom', path: ['end'], message: tooLong });
};

/** POST time-off: owners and managers add it approved; a stylist asks for their own column (requested). */
export const newTimeOffSchema = z
  .strictObject(
    {
      stylist_id: stylistId,
      ...startEnd,
      reason: z.enum(TIME_OFF_REASONS, { error: () => 'Choose a reason: holiday, sick, training or other' }),
      note: z.string('Write a note, or leave it empty').trim().max(500, 'A note can be at most 500 characters').optional(),
      /** save it even though it strands appointments (the console showed them first) */
      confirm: z.boolean('confirm must be true or false').optional(),
    },
    unknownField,
  )
  .superRefine(ordered(MAX_TIME_OFF_DAYS * 86_400_000, `Time off can be at most ${MAX_TIME_OFF_DAYS} days at once`));
export type NewTimeOff = z.input<typeof newTimeOffSchema>;

export const blockReason = z
  .string('Give a reason, such as Training')
  .trim()
  .min(1, 'Give a reason, such as Training')
  .max(120, 'A reason can be at most 120 characters')
  // one line of text a person typed: no control or bidi characters (as shared/typed-name.ts)
  .refine((s) => !/[\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(s), 'Use letters, digits, spaces and punctuation only');

/** POST blocks. */
export const newBlockSchema = z
  .strictObject(
    { stylist_id: stylistId, ...startEnd, reason: blockReason, confirm: z.boolean('confirm must be true or false').optional() },
    unknownField,
  )
  .superRefine(ordered(MAX_BLOCK_HOURS * 3_600_000, `A block can be at most ${MAX_BLOCK_HOURS} hours: add time off for longer`));
export type NewBlock = z.input<typeof newBlockSchema>;

/** PATCH blocks/{id}: moved, resized or its reason changed. */
export const blockPatchSchema = z
  .strictObject(
    {
      start: startEnd.start.optional(),
      end: startEnd.end.optional(),
      reason: blockReason.optional(),
      confirm: z.boolean('confirm must be true or false').optional(),
    },
    unknownField,
  )
  .superRefine(ordered(MAX_BLOCK_HOURS * 3_600_000, `A block can be at most ${MAX_BLOCK_HOURS} hours: add time off for longer`));
export type BlockPatch = z.input<typeof blockPatchSchema>;

export interface TimeOff {
  id: number;
  stylist_id: number;
  start: string;
  end: string;
  reason: TimeOffReason;
  note: string | null;
  status: TimeOffStatus;
  /** who asked for it or added it, and who approved or declined it (names or addresses, as the backend gives them) */
  requested_by: string | null;
  decided_by: string | null;
  /** the version its ETag carries: approve, decline and remove send it as If-Match */
  version?: number;
  /** the stylist's name, where an answer lists several stylists' time off (Today) */
  stylist_name?: string;
}

export interface Block {
  id: number;
  stylist_id: number;
  start: string;
  end: string;
  reason: string;
  version?: number;
}

/** An appointment a change would leave outside the stylist's time (409 STRANDS_APPOINTMENTS). */
export interface StrandedAppointment {
  id: number;
  start: string;
  end: string;
  client_name: string | null;
  services: string[] | { name: string }[];
}
export const STRANDS_APPOINTMENTS = 'STRANDS_APPOINTMENTS';
export interface StrandsAnswer {
  error?: typeof STRANDS_APPOINTMENTS;
  code?: typeof STRANDS_APPOINTMENTS;
  message?: string;
  detail?: string;
  appointments: StrandedAppointment[];
}
