import type { EntryOffer } from '../waitlist-offers';
import type { DeliveryStatus } from './reminders';
import { isCalendarDate, isIsoDateTime } from '../dates';
import * as z from '../zod';
import type { Block, TimeOff } from './time-off';
import { typedName } from '../typed-name';

/**
 * The diary (issue 29): a salon's day as a column per stylist, a week as a list, an appointment
 * opened at the desk, and the desk's own changes (a booking taken by phone, confirm, cancel,
 * move, arrived, no-show). Times are ISO 8601 in UTC; money in minor units of the salon's currency.
 */

/** What the diary shows an appointment as: its state at a glance. */
export const DIARY_STATUSES = ['confirmed', 'unconfirmed', 'deposit_pending', 'paid', 'waitlist', 'cancelled'] as const;
export type DiaryStatus = (typeof DIARY_STATUSES)[number];

export const DIARY_STATUS_LABELS: Record<DiaryStatus, string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  deposit_pending: 'Deposit pending',
  paid: 'Paid',
  waitlist: 'Waitlist',
  cancelled: 'Cancelled',
};

/** A no-show fee's state: being charged, waiting for the client's authentication, taken, or refused by the card. */
export type NoShowFeeStatus = 'charging' | 'requires_action' | 'paid' | 'failed';

/**
 * How many times a no-show fee is asked of the card (a payment intent each) before the desk stops
 * trying: a card that keeps failing is not charged again and again (issue 55).
 */
export const NO_SHOW_FEE_ATTEMPTS = 3;

/** What the desk reads when the fee will not be tried again. */
export const noShowFeeStopped = (attempts: number) =>
  `Tried ${attempts} times, so the card will not be charged again: take the fee another way, such as at the desk or by phone.`;

export interface NoShowFee {
  amount: number;
  status: NoShowFeeStatus;
  /** why the card refused it, in words the desk can read out */
  failure: string | null;
  /** which try this is, or was (a try with no card on file makes no payment and is not counted) */
  attempts: number;
  /** a refused fee the desk may try again (fewer than NO_SHOW_FEE_ATTEMPTS tries); false once it has stopped */
  can_retry: boolean;
}

export interface DiaryService {
  name: string;
  /** the service's category on the menu (a patch test: none), for the diary's colours by category */
  category?: { id: number; name: string } | null;
  stylist_id: number;
  start: string;
  end: string;
}

export interface DiaryAppointment {
  /** the row's id: for calls and addresses, never shown */
  id: number;
  /** the salon's own number, what staff read out and type ("No. 12") */
  number: number;
  start: string;
  end: string;
  status: DiaryStatus;
  origin: 'online' | 'salon' | 'online_rebooking';
  /** made on Google Search or Maps through the booking server (docs/google-booking.md) */
  booked_through?: 'google';
  client: { name: string; phone: string | null } | null;
  services: DiaryService[];
  /** minor units */
  price: number;
  deposit: number;
  arrived: boolean;
  no_show: boolean;
  no_show_fee: NoShowFee | null;
  /**
   * it lies (in part) in approved time off, a block or outside its stylist's working hours: kept
   * when they were saved with confirm, or booked over them at the desk (docs/console/time-off.md)
   */
  stranded?: boolean;
  /** its repeat series (moved or cancelled as one: docs/console/desk.md "Several services, repeats and walk-ins"); absent for a booking on its own */
  series_id?: number;
}

export interface DiaryStylist {
  id: number;
  name: string;
  role: string;
  /** working hours that day (none: a day off) */
  hours: { start: string; end: string }[];
}

/** GET /api/console/salons/{id}/diary/{date}: one day. A stylist gets their own column only. */
export interface DiaryDay {
  date: string;
  timezone: string;
  currency: string;
  /** the salon's working window that day (earliest start, latest end of anyone's hours), for drawing */
  opens: string;
  closes: string;
  stylists: DiaryStylist[];
  appointments: DiaryAppointment[];
  /** the blocks of the columns shown that overlap the day */
  blocks: Block[];
  /** their time off that overlaps the day: approved, and requests still waiting (status 'requested'); declined left out */
  time_off: TimeOff[];
}

/**
 * GET /api/console/salons/{id}/diary/week/{date}: seven days from `from`, each as the day's call
 * answers it (its stylists' hours, appointments, blocks and time off; cancelled appointments left out).
 */
export interface DiaryWeek {
  from: string;
  timezone: string;
  currency: string;
  stylists: { id: number; name: string }[];
  days: DiaryDay[];
}

/** A message sent about an appointment, and when. */
export interface AppointmentMessage {
  what: string;
  sent_at: string;
  /** what became of it (null: not known) */
  status: DeliveryStatus | null;
}

/** GET /api/console/salons/{id}/appointments/{appointmentId}: an appointment opened in the diary. */
export interface DeskAppointment extends DiaryAppointment {
  notes: string;
  created_at: string;
  cancelled_at: string | null;
  /** what the client has had at this salon (latest first, at most 20), and how often they did not come */
  history: { id: number; start: string; services: string[]; status: DiaryStatus; no_show: boolean }[];
  no_shows: number;
  payments: { what: string; amount: number; status: string }[];
  messages: AppointmentMessage[];
  /** booked at any time outside the salon's opening hours (processing included): the console says so */
  outside_opening_hours: boolean;
  /**
   * it lies in approved time off or blocked time of its stylist: booked or moved over them with
   * "any time", or kept when they were confirmed over it; the console says so (ABSENCE_WARNING)
   */
  over_absence?: boolean;
  /** whether the salon charges a no-show fee (and how much) and this client has a card on file */
  no_show_protection: { fee: number; card: string | null } | null;
  /** a waitlist entry's offers of freed times and their outcomes, oldest first (docs/waitlist-offers.md) */
  waitlist_offers?: EntryOffer[];
}

/** A client found at the desk by name or phone (id null: taken down at the desk, no account yet). */
export interface DeskClient {
  id: string | null;
  name: string;
  phone: string;
}

const fieldMessages = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};

/** A phone the console could not read as a number in the salon's country (or, from abroad, with its + and country code). */
/** What the desk reads when an appointment lies in its stylist's time off or a block (DeskAppointment.over_absence). */
export const ABSENCE_WARNING = 'This is in the stylist’s time off or blocked time: it was booked there on purpose.';

export const MSG_DESK_PHONE =
  'Check the mobile number: it is not one we can text (a number from abroad starts with + and its country code)';

export const diaryDate = z.string().refine(isCalendarDate, 'Choose a date such as 2026-03-03');
// an empty time is what the desk sends when none was chosen: the first message says so
const startTime = z
  .string('Choose a time')
  .min(1, 'Choose a time')
  .max(40, 'Choose a time such as 2026-12-01T10:00:00Z')
  .refine(isIsoDateTime, 'Choose a time such as 2026-12-01T10:00:00Z');
/**
 * The console reads a phone as staff type it, in the salon's country (client/components/
 * phone-number.ts `toE164`), and sends it in E.164; what it could not read arrives as typed.
 */
const phone = z
  .string('Enter their mobile number')
  .trim()
  .min(1, 'Enter their mobile number')
  .regex(/^\+[1-9]\d{6,14}$/, MSG_DESK_PHONE);

/** How many appointments one repeat series books at most (every N weeks, for a count or until a date). */
export const SERIES_MAX = 26;

/** What the desk sends as `start_time` for a walk-in: the current 5-minute slot in the salon's time. */
export const WALK_IN_NOW = 'now';

/** Repeat the booking every N weeks, for a count (this one included) or until a date (the salon's, included). */
export const repeatSchema = z
  .strictObject(
    {
      every_weeks: z
        .number('Say how many weeks apart')
        .int('Say how many weeks apart')
        .min(1, 'Repeat every 1 to 52 weeks')
        .max(52, 'Repeat every 1 to 52 weeks'),
      count: z
        .number('Say how many times')
        .int('Say how many times')
        .min(2, 'A series is at least 2 appointments')
        .max(SERIES_MAX, `A series is at most ${SERIES_MAX} appointments`)
        .optional(),
      until: diaryDate.optional(),
      /** book the occurrences that are free and list the ones that clash (else a clash refuses the whole series: 409) */
      skip_clashes: z.boolean('skip_clashes must be true or false').optional(),
    },
    fieldMessages,
  )
  .refine((r) => (r.count === undefined) !== (r.until === undefined), {
    message: 'Say how many times, or until when',
    path: ['count'],
  });
export type Repeat = z.input<typeof repeatSchema>;

const procedure = z.strictObject({
  service_id: z.number('Choose a service').int('Choose a service').positive('Choose a service'),
  stylist_id: z.number('Choose who does it').int('Choose who does it').positive('Choose who does it'),
});

/**
 * POST /api/console/salons/{id}/appointments: a booking taken at the desk: one or several
 * services, each with its stylist, one after another (with each service's processing time
 * between, as the client's journey books them); optionally repeated every N weeks. A walk-in
 * (`start_time: 'now'`) needs a name only, no mobile.
 */
export const deskBookingSchema = z
  .strictObject(
    {
      /** a client the salon knows (found by name or phone), or a new one (a walk-in: a name only) */
      client: z.union(
        [
          z.strictObject({ id: z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'Choose a client from the search') }),
          z.strictObject({
            name: typedName({ max: 120, empty: 'Enter their name', tooLong: 'A name can be at most 120 characters' }),
            phone: phone.optional(),
          }),
        ],
        { error: () => 'Choose a client, or enter a new client’s name and mobile number' },
      ),
      start_time: z
        .string('Choose a time')
        .min(1, 'Choose a time')
        .max(40, 'Choose a time such as 2026-12-01T10:00:00Z')
        .refine((s) => s === WALK_IN_NOW || isIsoDateTime(s), 'Choose a time such as 2026-12-01T10:00:00Z'),
      procedures: z
        .array(procedure, { error: () => 'Choose at least one service' })
        .min(1, 'Choose at least one service')
        .max(10, 'At most 10 services in one appointment'),
      notes: z.string().max(1000, 'Notes can be at most 1,000 characters').optional(),
      /** a manager or owner may book any time the stylist is free, not only the times offered online */
      any_time: z.boolean('any_time must be true or false').optional(),
      repeat: repeatSchema.optional(),
    },
    fieldMessages,
  )
  .superRefine((b, ctx) => {
    const walkIn = b.start_time === WALK_IN_NOW;
    if (!walkIn && 'name' in b.client && b.client.phone === undefined)
      ctx.addIssue({ code: 'custom', path: ['client', 'phone'], message: 'Enter their mobile number' });
    if (walkIn && b.repeat) ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'A walk-in is not repeated' });
  });
export type DeskBooking = z.input<typeof deskBookingSchema>;

/** Why an occurrence of a series is not free, as the desk's clash list says it. */
export const MSG_OCCURRENCE_TAKEN = 'Not free: the stylist is busy, away or not working then';
export const MSG_OCCURRENCE_OUTSIDE_HOURS = 'Outside the salon’s opening hours';

/** One appointment of a series as the desk is shown it before saving (`?dry_run=1`), or one skipped. */
export interface SeriesOccurrence {
  start: string;
  /** why it cannot be booked (taken, outside the hours, not yet open for booking); null: free */
  clash: string | null;
}

/** POST .../appointments?dry_run=1: what would be booked, nothing saved. */
export interface DeskBookingPreview {
  occurrences: SeriesOccurrence[];
}

/** POST .../appointments with `repeat`: 201 with the series' appointments and the ones skipped for a clash. */
export interface DeskSeriesBooked {
  series_id: number;
  appointments: DiaryAppointment[];
  skipped: SeriesOccurrence[];
}

/** Which appointments of a series a move or cancel takes: this one only, or this and the following ones. */
export const SERIES_SCOPES = ['one', 'following'] as const;
const scope = z.enum(SERIES_SCOPES, { error: () => 'Say which: one or following' });

const stylistIdField = (message: string) => z.number(message).int(message).positive(message);
/**
 * POST .../appointments/{id}/move: a new start; with `stylist_id`, the services of `from_stylist_id`
 * (or of the appointment's only stylist) go to that stylist's column; with `end_time`, that part's
 * last service ends then (lengthened or shortened); `scope: 'following'` shifts the later ones of its
 * repeat series by the same amount. docs/console/desk.md "Moving in the diary".
 */
export const deskMoveSchema = z.strictObject(
  {
    start_time: startTime,
    any_time: z.boolean('any_time must be true or false').optional(),
    scope: scope.optional(),
    stylist_id: stylistIdField('Choose one of the salon’s stylists').optional(),
    from_stylist_id: stylistIdField('Choose the stylist whose services move').optional(),
    end_time: z
      .string('Choose an end time')
      .max(40, 'Choose an end time such as 2026-12-01T11:00:00Z')
      .refine(isIsoDateTime, 'Choose an end time such as 2026-12-01T11:00:00Z')
      .optional(),
  },
  fieldMessages,
);
export type DeskMove = z.input<typeof deskMoveSchema>;

/** POST .../appointments/{id}/cancel: `salon` refunds the deposit in full; `client` follows the salon's refund rule. */
export const deskCancelSchema = z.strictObject(
  { by: z.enum(['client', 'salon'], { error: () => 'Say who cancels: client or salon' }) },
  fieldMessages,
);

/**
 * POST .../series/{seriesId}/cancel: the series' appointments still to come (from `from`, one of
 * them, on; else all), each cancelled as the desk cancels one.
 */
export const seriesCancelSchema = z.strictObject(
  {
    by: z.enum(['client', 'salon'], { error: () => 'Say who cancels: client or salon' }),
    from: z.number('Choose an appointment of the series').int().positive('Choose an appointment of the series').optional(),
  },
  fieldMessages,
);

/** The answer of a series cancelled: the appointments it cancelled. */
export interface SeriesCancelled {
  series_id: number;
  cancelled: number[];
}

/** The salon's private realtime channel: staff of that salon only (pusher `private-` channel). */
export const salonChannel = (salonId: number) => `private-salon-${salonId}`;
/** The event on it: something in the diary changed; the console refetches (no personal data on the wire). */
export const DIARY_EVENT = 'diary';
export interface DiaryEvent {
  appointment_id: number;
  change: 'booked' | 'cancelled' | 'moved' | 'paid' | 'confirmed' | 'arrived' | 'no_show' | 'request';
}
