import * as z from 'zod';

/** A waitlist offer as its claim link shows it (docs/waitlist-offers.md). */
export interface WaitlistOffer {
  salon_id: number;
  salon_name: string;
  start_time: string;
  end_time: string;
  timezone: string;
  expires_at: string;
  /** open: claimable until expires_at; claimed: booked (appointment_id); gone: passed, or another took the time */
  status: 'open' | 'claimed' | 'gone';
  appointment_id: number | null;
}

/** One offer made to a waitlist entry, as the console shows it on the entry. */
export interface EntryOffer {
  start_time: string;
  end_time: string;
  stylist_id: number;
  position: number;
  offered_at: string;
  expires_at: string;
  outcome: 'offered' | 'claimed' | 'passed' | 'gone';
  booked_id: number | null;
}

/** The claim link's token: `{salonId}.` and 22 URL-safe characters. */
export const offerTokenParam = z.object({
  token: z.string().regex(/^(?:[1-9]\d{0,15}\.)?[A-Za-z0-9_-]{22}$/, 'This link is not valid'),
});
