// The bookings answers are shared with the Worker that makes them (shared/bookings.ts).
export type { Appointment, Booking, BookingsPage, BookingsTab as Tab, DepositStatus, Procedure } from '../../../shared/bookings';

/** A location the client has bookings with (ncob/client/salons/{username}/). */
export interface ClientSalon {
  id: number;
  name: string;
  profile_image_url?: string | null;
}
