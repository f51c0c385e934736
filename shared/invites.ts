/**
 * Deposit requests (invites): the answers and bodies of their calls (docs/booking/accounts-and-money.md
 * §3 Invite, §4 Invites, §7), shared by the Worker that makes them and the client that reads
 * them. Money is in major units, times are ISO 8601 in UTC.
 */
import type { Procedure } from './bookings';

/**
 * invited, reminded: active (new to the client: the count bubble counts these); seen: the client
 * opened it, still open; accepted: paid or card confirmed; declined; withdrawn by the salon;
 * expired: the appointment started while it was open.
 */
export const INVITE_STATUSES = ['invited', 'reminded', 'seen', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
/** Counted by the bottom navigation's bubble. */
export const ACTIVE_INVITE_STATUSES: readonly InviteStatus[] = ['invited', 'reminded'];
/** Listed on Deposits and payable. */
export const OPEN_INVITE_STATUSES: readonly InviteStatus[] = ['invited', 'reminded', 'seen'];

/** 'New' invite window (§9): the appointment started no more than 24 hours ago. */
export const NEW_INVITE_WINDOW_MS = 86_400_000;

/** What the salon asks for. */
export type InviteRequest = 'deposit' | 'card_only' | 'full_price';

/** An invite as the client sees it: GET client/get/invite/{salonId}/ answers Invite[]. */
export interface Invite {
  id: number;
  unique_code: string;
  salon: { id: number };
  salon_name: string;
  status: InviteStatus;
  /** the deposit asked for (0 for card only) */
  requested_deposit: number;
  requested_card_only: boolean;
  payFullAmount: boolean;
  /** what PAY DEPOSIT takes today: the deposit, or the full price, or 0 for card only */
  amount_to_pay: number;
  /** the salon's ISO 4217 currency */
  currency: string;
  /** the salon's IANA timezone: the appointment's day and time are shown in it */
  timezone: string;
  created_at: string;
  appointment: { id: number; price: number; start_time: string; end_time: string; procedures: Procedure[] };
}

/** The body of POST client/post/invite/{salonId}/{inviteId} (the spec's 'Invite processing payload'). */
export interface InviteProcessing {
  data: {
    invite_id: number;
    /** false (or the spec's 'False'): decline; true: pay the deposit, or confirm with the saved card */
    accepted: boolean | 'True' | 'False';
    payment_intent?: string | null;
    paid_full_amount?: boolean;
    cognito_username?: string;
    appointment_id?: number;
  };
}

/**
 * Its answer. `requires_action`: 3-D Secure is needed (go to next_action_url, or run Stripe.js
 * with client_secret and publishable_key), then PUT book-online/confirm/{salonId}/{appointmentId}/{pi}/{username}/.
 * A declined card answers 402 (code, decline_code as for bookings); an invite that is no longer
 * open 409 (code 'invite_closed'); another client's 404; no saved card 402 (code 'card_missing').
 */
export interface InviteProcessed {
  r_status: 'accepted' | 'declined' | 'requires_action';
  invite_status: InviteStatus;
  pi?: string | null;
  pi_status?: string | null;
  next_action_url?: string | null;
  client_secret?: string | null;
  publishable_key?: string | null;
}

/** GET ncob/invite/{uniqcode}/ (no login needed: the code is the secret of the text message). */
export interface InviteLink {
  unique_code: string;
  salon: { id: number; name: string };
  first_name: string;
  last_name: string;
  /** E.164 */
  phone_number: string;
  /** the phone already has an account: log in rather than create one */
  has_account: boolean;
  status: InviteStatus;
}

/** A withdrawn, expired, declined, accepted or unknown code (404, code 'invite_invalid'). */
export const MSG_INVITE_INVALID = 'This deposit request is no longer valid and does not require action on your part.';

/** The event of the client's private channel when one of its invites changes (no personal data). */
export interface InviteEvent {
  invite_id: number;
  salon_id: number;
  status: InviteStatus;
}
/** The event name on the channel (the spec's 'invitation'). */
export const INVITE_EVENT = 'invitation';
/** The client's private channel: authorised by the edge's /pusher/auth for that client only. */
export const clientChannel = (username: string) => `private-client-${username}`;

/**
 * An invite as the salon sees it (POST and GET /admin/salons/{id}/invites, remind, withdraw).
 * Added by the invites-server branch: the admin API is not in the spec.
 */
export interface AdminInvite {
  id: number;
  unique_code: string;
  /** the link the text message carries: /login/… for a phone with an account, /invite/…/ otherwise */
  link: string;
  status: InviteStatus;
  request: InviteRequest;
  requested_deposit: number;
  amount_to_pay: number;
  paid_amount: number;
  currency: string;
  appointment_id: number;
  start_time: string;
  client_id: string | null;
  first_name: string;
  last_name: string;
  /** E.164 */
  phone_number: string;
  created_at: string;
}
