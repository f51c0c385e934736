import type { Invite, InviteProcessed } from '../../../shared/invites';
import { ApiError } from '../../lib/api';
import type { ClientUser } from '../auth';
import { confirmDeposit } from '../pay-with-saved-card';
import { MSG_AUTHENTICATION, paymentErrorMessage, payWithSavedCard } from '../payments';
import { processInvite } from './api';

/** A payment of a request that did not go through, as the client is told. */
export class PaymentProblem extends Error {
  constructor(
    message: string,
    /** 'invalid': the request is closed (withdrawn, expired, paid elsewhere); 'card': the card's fault (a link to my-profile) */
    readonly kind: 'invalid' | 'card' | 'other',
    /** add the 'payment was not successful' line (§8 'Payment failure') */
    readonly unsuccessful = false,
    /** the call may have reached the server: a retry of the same press keeps its Idempotency-Key */
    readonly unanswered = false,
  ) {
    super(message);
  }
}

/** Any failure of paying a request, as a PaymentProblem. */
export function problemOf(e: unknown): PaymentProblem {
  if (e instanceof PaymentProblem) return e;
  if (!(e instanceof ApiError)) return new PaymentProblem(String(e), 'other');
  if (e.status === 409 || e.status === 404) return new PaymentProblem(e.message, 'invalid');
  if (e.status === 402 && e.code === 'card_missing') return new PaymentProblem(e.message, 'card');
  if (e.status === 402) {
    const p = paymentErrorMessage({ code: e.code, decline_code: e.declineCode, message: e.message });
    return new PaymentProblem(p.message, 'card', p.unsuccessful);
  }
  return new PaymentProblem(e.message, 'other', false, e.status === 0);
}

/**
 * PUT book-online/confirm/...: back from 3-D Secure, the server takes the authenticated payment.
 * When the challenge said the authentication failed, that is what the client is told.
 */
export async function confirmAfterAuthentication(
  salonId: number,
  appointmentId: number,
  paymentIntent: string,
  username: string,
  authenticationFailed = false,
): Promise<void> {
  try {
    await confirmDeposit(salonId, appointmentId, paymentIntent, username);
  } catch (e) {
    if (authenticationFailed) throw new PaymentProblem(MSG_AUTHENTICATION, 'card');
    throw problemOf(e);
  }
}

/**
 * Pays the request with the saved card (or confirms the card for a card-only request): one
 * POST per press (its Idempotency-Key), then 3-D Secure when the bank asks for it: a redirect
 * coming back to `returnUrl` ('redirecting'), or Stripe.js's modal and the server's confirmation.
 */
export async function payInvite(
  invite: Invite,
  user: ClientUser,
  idempotencyKey: string,
  returnUrl: string,
): Promise<'accepted' | 'redirecting'> {
  const paid = await payWithSavedCard({
    charge: () =>
      processInvite(
        invite.salon.id,
        invite.id,
        {
          data: {
            invite_id: invite.id,
            accepted: true,
            payment_intent: null,
            paid_full_amount: invite.payFullAmount,
            cognito_username: user.username,
            appointment_id: invite.appointment.id,
          },
        },
        { idempotencyKey, returnUrl },
      ).catch((e: unknown) => {
        throw problemOf(e);
      }),
    needsAuthentication: (answer: InviteProcessed) => answer.r_status === 'requires_action',
    confirm: async (answer) => {
      if (!answer.pi) throw new PaymentProblem(MSG_AUTHENTICATION, 'card');
      await confirmAfterAuthentication(invite.salon.id, invite.appointment.id, answer.pi, user.username);
    },
    failed: (error) => {
      const p = paymentErrorMessage(error);
      return new PaymentProblem(p.message, 'card', p.unsuccessful);
    },
  });
  return paid === 'paid' ? 'accepted' : 'redirecting';
}
