import { call } from '../../lib/api';

/** PUT book-online/verify/{salon}/{code}/: confirms the booking of a texted verification link. */
export const verifyBooking = (salonId: string, code: string, signal: AbortSignal) =>
  call<{ bookingStatus: string }>(`book-online/verify/${salonId}/${code}/`, { method: 'PUT', signal });

/** PUT salon/v2/{salon}/marketing/sms/opt-out/verify/{code}/: the client's marketing opt-out link. */
export const optOutOfMarketing = (salonId: string, code: string, signal: AbortSignal) =>
  call<{ status: string }>(`salon/v2/${salonId}/marketing/sms/opt-out/verify/${code}/`, { method: 'PUT', signal });
