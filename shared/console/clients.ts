import type { DeliveryStatus } from './reminders';
import * as z from '../zod';

/**
 * The salon's clients in the console (issue 29): those who booked with the salon or were sent a
 * request by it. A client with an account is named by its id (the Cognito username); someone
 * the salon asked by phone who has no account yet, by that phone (E.164, '+447700900123').
 */

export const CLIENTS_PAGE_SIZE = 20;
export const MSG_CLIENT_SEARCH = 'Search by a name or a phone number, up to 80 characters';

/** GET /api/console/salons/{id}/clients?q=&page= */
export const clientSearchQuery = z.object({
  q: z.string(MSG_CLIENT_SEARCH).trim().max(80, MSG_CLIENT_SEARCH).optional().default(''),
  page: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'page must be a whole number from 1')
    .transform(Number)
    .default(1),
});

/**
 * A client's key in a path: an account id, an E.164 phone for someone without an account, or the
 * email of a client imported with no phone (docs/console/imports.md).
 */
export const CLIENT_KEY = /^(\+[1-9]\d{6,14}|[A-Za-z0-9-]{1,128}|[^\s@/]{1,64}@[^\s@/]{1,190})$/;

export interface ClientSummary {
  /** the key of the client's card */
  id: string;
  name: string;
  /** '' for a client imported with only an email */
  phone: string;
  /** the client's email when the salon has it (an account's, or an import's) */
  email?: string | null;
  has_account: boolean;
  appointments: number;
  /** the start of the last appointment that has begun, or null */
  last_visit: string | null;
}

export interface ClientList {
  clients: ClientSummary[];
  page: number;
  pages: number;
  total: number;
}

export interface ClientAppointment {
  /** the row's id: for calls and addresses, never shown */
  id: number;
  /** the salon's own number, what staff read out and type ("No. 12") */
  number: number;
  start: string;
  end: string;
  /** confirmed, unconfirmed, waitlist, pending, cancelled; no_show when the client did not come */
  status: string;
  services: string;
  stylists: string;
  price: number;
  upcoming: boolean;
  /** whether an open deposit request is waiting for the client */
  open_request: boolean;
}

export interface ClientNote {
  id: number;
  body: string;
  staff_name: string;
  created_at: string;
}

export type ClientMessageKind =
  | 'booking_verification'
  | 'booked'
  | 'moved'
  | 'cancelled'
  | 'no_show_fee_link'
  | 'deposit_request'
  | 'deposit_reminder'
  | 'rebooking_link'
  | 'reminder_24h'
  | 'reminder_2h';

/** A text or email the salon's product sent this client, and what became of it (null: not known). */
export interface ClientMessage {
  kind: ClientMessageKind;
  channel: 'sms' | 'email';
  sent_at: string;
  appointment_id: number | null;
  status: DeliveryStatus | null;
}

/** GET /api/console/salons/{id}/clients/{clientId}: the client's card at this salon. */
/** What an import from another system brought about a client (docs/console/imports.md); null when nothing was imported. */
export interface ImportedDetails {
  /** a landline, kept as the client's number and never texted */
  landline: string | null;
  /** YYYY-MM-DD */
  birthday: string | null;
  /** the old system had the client blocked from booking */
  blocked: boolean;
}

export interface ClientCard {
  /**
   * opted_out_of_texts: the client's phone texted STOP (or another opt-out word) to this salon
   * (docs/messaging.md "Replies"), or was imported without marketing consent (docs/console/imports.md)
   */
  client: ClientSummary & { opted_out_of_texts: boolean; imported?: ImportedDetails | null };
  appointments: ClientAppointment[];
  /** what the client's past appointments that took place cost (not cancelled, not missed), major units */
  spend: number;
  currency: string;
  no_shows: number;
  notes: ClientNote[];
  messages: ClientMessage[];
  /** whether a rebooking link can be sent (an account, a past appointment here) */
  can_rebook: boolean;
}

/** POST /api/console/salons/{id}/clients/{clientId}/notes */
export const clientNoteSchema = z.strictObject(
  {
    body: z.string('Write the note').trim().min(1, 'Write the note').max(2000, 'A note can be at most 2,000 characters'),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type ClientNoteInput = z.input<typeof clientNoteSchema>;
