import { BOOKING_LIMIT, MSG_SLOT_TAKEN, type BookingResponse } from '../../../shared/booking-request';
import type { SalonDetails } from '../../../shared/types';
import { ApiError } from '../../lib/api';
import type { ClientUser } from '../auth';
import { booking, newAttempt, submitBooking } from '../journey';
import { MSG_AUTHENTICATION, MSG_CONFIRM_PROBLEM, MSG_CREATE_CARD_BOOKING, paymentErrorMessage, payWithSavedCard } from '../payments';
import { confirmDeposit } from './api';

/** The booking answer of a salon that takes a card: a 3-D Secure step may follow. */
export type CardBookingAnswer = BookingResponse & { next_action_url?: string | null; publishable_key?: string | null };

/** A failed card booking as the client sees it: the message, and the 'payment was not successful' line or not. */
export class BookingProblem extends Error {
  constructor(
    message: string,
    readonly unsuccessful = false,
  ) {
    super(message);
  }
}

function problemOf(e: unknown, creating: boolean): BookingProblem {
  if (e instanceof BookingProblem) return e;
  if (e instanceof ApiError) {
    if (e.status === 409 && e.code !== BOOKING_LIMIT) return new BookingProblem(MSG_SLOT_TAKEN);
    if (e.status === 402 && e.code === 'card_missing') return new BookingProblem(e.message);
    if (e.status === 402) {
      newAttempt();
      const p = paymentErrorMessage({ code: e.code, decline_code: e.declineCode, message: e.message }, { savedCard: true });
      return new BookingProblem(p.message, p.unsuccessful);
    }
    if (e.status >= 400 && e.status < 500 && e.code !== 'NOT_FOUND') return new BookingProblem(e.message);
  }
  return new BookingProblem(creating ? MSG_CREATE_CARD_BOOKING : MSG_CONFIRM_PROBLEM);
}

/**
 * PUT book-online/confirm/...: back from authenticating the payment, the server confirms the
 * booking (or refuses it: 402). When the challenge page said the authentication failed, that is
 * what the client is told whatever the server answers (it may already have freed the time).
 */
export async function confirmAuthenticated(salonId: number, username: string, authenticationFailed = false): Promise<void> {
  const r = booking.bookingResponse;
  if (!r?.appointment_id || !r.pi) throw new BookingProblem(MSG_CONFIRM_PROBLEM);
  try {
    await confirmDeposit(salonId, r.appointment_id, r.pi, username);
  } catch (e) {
    if (authenticationFailed) {
      newAttempt();
      throw new BookingProblem(MSG_AUTHENTICATION);
    }
    throw problemOf(e, false);
  }
  if (booking.bookingResponse) booking.bookingResponse.status = 'confirmed';
}

/**
 * Books with the saved card (§4 'Confirm with card'): the server charges the deposit or keeps the
 * card; a payment that needs 3-D Secure goes to its challenge (coming back to `returnUrl`) or
 * Stripe.js's modal, then the server confirms it. 'redirecting' means the browser is leaving.
 */
export async function bookWithSavedCard(salon: SalonDetails, user: ClientUser, returnUrl: string): Promise<'confirmed' | 'redirecting'> {
  const paid = await payWithSavedCard({
    charge: () =>
      (submitBooking(salon, user, 'saved_card', { 'X-Return-Url': returnUrl }) as Promise<CardBookingAnswer>).catch((e: unknown) => {
        throw problemOf(e, true);
      }),
    needsAuthentication: (answer) => answer.pi_status === 'requires_action',
    confirm: () => confirmAuthenticated(salon.id, user.username),
    failed: (error) => {
      newAttempt();
      const p = paymentErrorMessage(error, { savedCard: true });
      return new BookingProblem(p.message, p.unsuccessful);
    },
  });
  return paid === 'paid' ? 'confirmed' : 'redirecting';
}
