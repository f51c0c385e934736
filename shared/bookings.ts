/**
 * The answers of the client's bookings calls (docs/booking/accounts-and-money.md §3 Booking, Procedure,
 * Appointment; §7), shared by the Worker that makes them and the client that reads them.
 * Money is in major units, times are ISO 8601 in UTC.
 */

/** What a deposit is now: held (authorised), paid (captured), refunded (or released), kept by the salon. */
export type DepositStatus = 'none' | 'held' | 'paid' | 'refunded' | 'kept';

/** A service of a booking. */
export interface Procedure {
  id: number;
  price: number;
  start_time: string;
  /** minutes */
  duration: number;
  service: { id: number; name: string; category: { name: string }; bookable_online: boolean };
  stylist: { id: number; user_name: string; role_name: string; serves_as_waitlist: boolean };
}

/** A booking of the upcoming and past lists. */
export interface Booking {
  id: number;
  salon_id: number;
  starts_at: string;
  ends_at: string;
  price: number;
  /** the deposit taken or held (0: none) */
  deposit: number;
  deposit_status: DepositStatus;
  /** unconfirmed: rebooked through the older rebooking flow, the salon is still to confirm it */
  status: 'confirmed' | 'unconfirmed' | 'waitlist' | 'cancelled';
  cancelled_at: string | null;
  can_rebook: boolean;
  procedures: Procedure[];
  /** a missed appointment's fee, charged to the saved card (paid) or waiting for the client to approve it (major units) */
  no_show_fee: { amount: number; status: 'paid' | 'requires_action' } | null;
  /** the salon's open request for a deposit (major units) or for card details (card_only), paid at /pay-deposit/{id} */
  deposit_request: { amount: number; card_only: boolean } | null;
}

/** Whether the booking may be cancelled or moved online now, and why not. */
export interface Cancellation {
  allowed: boolean;
  reason: 'not_allowed' | 'inside_window' | 'past' | 'cancelled' | null;
  window_hours: number;
  refund_outside_window: boolean;
  /** the salon's phone, for 'please call the salon' */
  phone: string;
}

/** Appointment details: the booking with its title, notes, calendar file and cancellation rules. */
export interface Appointment extends Booking {
  title: string;
  notes: string;
  /** an iCalendar file: PUBLISH, or CANCEL with the same UID once cancelled */
  ics: string;
  cancellation: Cancellation;
}

/** One page (30) of a bookings list. */
export interface BookingsPage {
  count: number;
  /** the query string of the neighbouring page ('?page=2'), or null */
  next: string | null;
  previous: string | null;
  results: Booking[];
}

/** The lists: upcoming ('future') and past. */
export type BookingsTab = 'future' | 'past';
