import * as z from './zod';

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

/** History's field for the waitlist's offers (shared/console/history.ts): old and new in a few words. */
export const WAITLIST_HISTORY_FIELDS = ['waitlist_offer'] as const;
export type WaitlistHistoryField = (typeof WAITLIST_HISTORY_FIELDS)[number];
export const WAITLIST_HISTORY_LABELS: Record<WaitlistHistoryField, string> = { waitlist_offer: 'Waitlist offer' };
/** Who History names for what the waitlist does by itself. */
export const WAITLIST_WHO = 'Waitlist (automatic)';

/** An offer's outcome in words (the diary's dialog, History). */
export const OFFER_OUTCOME_WORDS: Record<EntryOffer['outcome'], string> = {
  offered: 'waiting for an answer',
  claimed: 'claimed and booked',
  passed: 'not claimed in time; offered to the next',
  gone: 'another took the time',
};
