import { formatMoney, toMinor } from '../../../shared/money';
import type { SalonDetails } from '../../../shared/types';
import { dateIn, fullDate, timeLabel } from '../../lib/salon-time';
import type { Booking } from './types';

/**
 * What is true of a booking, as its badge says it: 'Cancelled'; 'Waitlist Booking' (the first
 * procedure's stylist serves as the waitlist); 'Deposit requested' or 'Card details requested'
 * while the salon's request is open; 'Waiting for the salon to confirm' (rebooked through the
 * older flow); otherwise 'Booking Confirmed'.
 */
export function badgeOf(b: Booking): string {
  if (b.status === 'cancelled') return 'Cancelled';
  if (b.procedures[0]?.stylist.serves_as_waitlist || b.status === 'waitlist') return 'Waitlist Booking';
  if (b.deposit_request) return b.deposit_request.card_only ? 'Card details requested' : 'Deposit requested';
  if (b.status === 'unconfirmed') return 'Waiting for the salon to confirm';
  return 'Booking Confirmed';
}

/** 'Monday 7 December 2026' and '10:00 am – 12:00 pm', in the salon's timezone. */
export function whenOf(b: Pick<Booking, 'starts_at' | 'ends_at'>, timeZone: string): { date: string; time: string } {
  return {
    date: fullDate(dateIn(timeZone, new Date(b.starts_at))),
    time: `${timeLabel(b.starts_at, timeZone)} – ${timeLabel(b.ends_at, timeZone)}`,
  };
}

export const moneyOf = (salon: SalonDetails) => (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);

/** What became of a deposit, in words (null when there was none). */
/** A missed appointment's fee on the client's card: 'Missed appointment fee £20.00 charged to your card'. */
export function noShowFeeText(b: Booking, money: (major: number) => string): string | null {
  if (!b.no_show_fee) return null;
  return b.no_show_fee.status === 'paid'
    ? `Missed appointment fee ${money(b.no_show_fee.amount)} charged to your card`
    : `Missed appointment fee ${money(b.no_show_fee.amount)}: waiting for your bank's approval (we texted you a link)`;
}

export function depositText(b: Booking, money: (major: number) => string): string | null {
  if (b.deposit <= 0) return null;
  switch (b.deposit_status) {
    case 'refunded':
      return `Deposit ${money(b.deposit)} refunded`;
    case 'kept':
      return `Deposit ${money(b.deposit)} kept by the salon (cancelled inside its cancellation window)`;
    case 'held':
      return `Deposit ${money(b.deposit)} held on your card`;
    default:
      return `Deposit paid: ${money(b.deposit)}`;
  }
}
