/** The bookings area's answers (docs/accounts-and-money.md §3 Booking, Procedure, Appointment). */

export interface Procedure {
  id: number;
  /** major units */
  price: number;
  start_time: string;
  /** minutes */
  duration: number;
  service: { id: number; name: string; category: { name: string }; bookable_online: boolean };
  stylist: { id: number; user_name: string; role_name: string; serves_as_waitlist: boolean };
}

export type DepositStatus = 'none' | 'held' | 'paid' | 'refunded' | 'kept';

export interface Booking {
  id: number;
  salon_id: number;
  starts_at: string;
  ends_at: string;
  /** major units */
  price: number;
  /** major units: the deposit taken or held (0: none) */
  deposit: number;
  deposit_status: DepositStatus;
  status: 'confirmed' | 'waitlist' | 'cancelled';
  cancelled_at: string | null;
  can_rebook: boolean;
  procedures: Procedure[];
}

export interface Appointment extends Booking {
  title: string;
  notes: string;
  /** an iCalendar file: PUBLISH, or CANCEL with the same UID once cancelled */
  ics: string;
  cancellation: {
    allowed: boolean;
    reason: 'not_allowed' | 'inside_window' | 'past' | 'cancelled' | null;
    window_hours: number;
    refund_outside_window: boolean;
    phone: string;
  };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export type Tab = 'future' | 'past';

export interface ClientSalon {
  id: number;
  name: string;
  profile_image_url?: string | null;
}
