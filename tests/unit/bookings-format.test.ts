import { describe, expect, it } from 'vitest';
import { badgeOf, depositText, whenOf } from '../../client/features/my-bookings/format';
import type { Booking } from '../../client/features/my-bookings/types';

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 1,
  salon_id: 3,
  starts_at: '2026-12-01T03:30:00Z',
  ends_at: '2026-12-01T04:15:00Z',
  price: 45,
  deposit: 0,
  deposit_status: 'none',
  status: 'confirmed',
  cancelled_at: null,
  can_rebook: true,
  no_show_fee: null,
  deposit_request: null,
  procedures: [
    {
      id: 9,
      price: 45,
      start_time: '2026-12-01T03:30:00Z',
      duration: 45,
      service: { id: 2, name: 'Gents Cut', category: { name: 'Cuts' }, bookable_online: true },
      stylist: { id: 4, user_name: 'Dan Reeves', role_name: 'Barber', serves_as_waitlist: false },
    },
  ],
  ...over,
});

describe('a booking as the lists and details show it', () => {
  it("says what is true: 'Waiting for the salon to confirm' for an older-flow rebooking, 'Deposit requested' while a request is open", () => {
    expect(badgeOf(booking({ status: 'unconfirmed' }))).toBe('Waiting for the salon to confirm');
    expect(badgeOf(booking({ deposit_request: { amount: 10, card_only: false } }))).toBe('Deposit requested');
    expect(badgeOf(booking({ deposit_request: { amount: 0, card_only: true } }))).toBe('Card details requested');
    expect(badgeOf(booking({ status: 'unconfirmed', deposit_request: { amount: 10, card_only: false } }))).toBe('Deposit requested');
    expect(badgeOf(booking({ status: 'cancelled', deposit_request: { amount: 10, card_only: false } }))).toBe('Cancelled');
  });

  it("is dated and timed in the salon's timezone, not UTC's", () => {
    // 03:30 UTC on 1 December is 10:30 pm on 30 November in New York.
    expect(whenOf(booking(), 'America/New_York')).toEqual({ date: 'Monday 30 November 2026', time: '10:30 pm – 11:15 pm' });
    expect(whenOf(booking(), 'Europe/London').date).toBe('Tuesday 1 December 2026');
  });

  it("carries 'Waitlist Booking' when the first stylist serves as the waitlist, else 'Booking Confirmed', or 'Cancelled'", () => {
    expect(badgeOf(booking())).toBe('Booking Confirmed');
    const waitlist = booking();
    waitlist.procedures[0]!.stylist.serves_as_waitlist = true;
    expect(badgeOf(waitlist)).toBe('Waitlist Booking');
    expect(badgeOf(booking({ status: 'cancelled' }))).toBe('Cancelled');
  });

  it('says what became of a deposit', () => {
    const money = (n: number) => `£${n.toFixed(2)}`;
    expect(depositText(booking(), money)).toBeNull();
    expect(depositText(booking({ deposit: 9, deposit_status: 'paid' }), money)).toBe('Deposit paid: £9.00');
    expect(depositText(booking({ deposit: 9, deposit_status: 'refunded' }), money)).toBe('Deposit £9.00 refunded');
    expect(depositText(booking({ deposit: 9, deposit_status: 'kept' }), money)).toMatch(/^Deposit £9.00 kept by the salon/);
  });
});
