import type { DiaryAppointment } from './diary';
import type { DeliveryStatus } from './reminders';
import type { SetupItem } from './setup';
import type { TimeOff } from './time-off';

/** A deposit request still waiting for the client. */
export interface WaitingRequest {
  id: number;
  client_name: string;
  appointment_start: string;
  /** minor units; 0 for a card only */
  amount: number;
  status: 'invited' | 'reminded' | 'seen';
}

/** A message that did not reach its client today (a text not delivered, an email bounced). */
export interface FailedMessage {
  key: string;
  channel: 'sms' | 'email';
  /** 'Reminder 24 hours before', ... */
  what: string;
  client_name: string | null;
  appointment_id: number | null;
  appointment_start: string | null;
  status: DeliveryStatus;
  error_code: string | null;
  at: string;
}

/** GET /api/console/salons/{id}/today: the day at a glance, in the salon's timezone. */
export interface Today {
  date: string;
  timezone: string;
  currency: string;
  appointments: DiaryAppointment[];
  /** appointments of the day whose client has arrived, and those still to come */
  arrived: number;
  to_come: number;
  /** null: not the caller's to see (a stylist) */
  requests_waiting: WaitingRequest[] | null;
  failed_messages: FailedMessage[] | null;
  /** time off asked for by stylists and not yet decided, soonest first (null: not the caller's to see, a stylist) */
  time_off_requests: TimeOffRequest[] | null;
  /**
   * A new salon's checklist of what is left (shared/console/setup.ts): null when the salon shows
   * none (made before the guided set-up, dismissed, every item done) or for a stylist
   */
  setup: SetupItem[] | null;
}

/** A stylist's request for time off, waiting for an owner or manager (POST time-off/{id}/approve or /decline). */
export interface TimeOffRequest extends TimeOff {
  stylist_name: string;
}

export const MESSAGE_WHAT: Record<string, string> = {
  'reminder-24h': 'Reminder 24 hours before',
  'reminder-2h': 'Reminder 2 hours before',
};

/** What a message is, from the key it was sent under (worker/api: `verify-{appointment}`, `appt-{id}-moved`...). */
const MESSAGE_NAMES: [RegExp, string][] = [
  [/^reminder-\d+-\d+-24h-/, 'Reminder 24 hours before'],
  [/^reminder-\d+-\d+-2h-/, 'Reminder 2 hours before'],
  [/^verify-/, 'Booking confirmation link'],
  [/^waitlist-\d+-\d+-\d+$/, 'Waitlist offer'],
  [/^appt-\d+-booked$/, 'Booked at the desk'],
  [/^appt-\d+-moved$/, 'Moved by the salon'],
  [/^appt-\d+-cancelled$/, 'Cancelled by the salon'],
  [/^appt-\d+-confirmed$/, 'Confirmed by the salon'],
  [/^appt-\d+-no-show-link/, 'No-show fee: link to approve the payment'],
  [/^invite-\d+-invited$/, 'Deposit request'],
  [/^invite-\d+-reminded/, 'Deposit request reminder'],
  [/^rebooking-link-/, 'Rebooking link'],
  [/^voucher-/, 'Gift voucher email'],
];
export const messageWhat = (key: string) => MESSAGE_NAMES.find(([re]) => re.test(key))?.[1] ?? 'Message';
