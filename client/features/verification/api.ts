import { queryOptions, skipToken } from '@tanstack/react-query';
import { answer, api, send } from '../../lib/api';

/** PUT book-online/verify/{salon}/{code}/: confirms the booking of a texted verification link. */
export const verifyBooking = (salonId: string, code: string, signal: AbortSignal) =>
  answer(api['book-online'].verify[':salonId'][':code'].index.$put({ param: { salonId, code } }, send({ signal })));

/** PUT salon/v2/{salon}/marketing/sms/opt-out/verify/{code}/: the client's marketing opt-out link. */
export const optOutOfMarketing = (salonId: string, code: string, signal: AbortSignal) =>
  answer(api.salon.v2[':salonId'].marketing.sms['opt-out'].verify[':code'].index.$put({ param: { salonId, code } }, send({ signal })));

// Opening a link does what it says once: its answer is the page's. Back online, a call that
// failed runs again.
const ONCE = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: (query: { state: { status: string } }) => query.state.status === 'error',
} as const;

/** A link whose id and code are malformed is no link of ours: not asked. */
export const verifyBookingQuery = (salonId: string, code: string, valid: boolean) =>
  queryOptions({
    queryKey: ['verify-booking', salonId, code],
    queryFn: valid ? ({ signal }) => verifyBooking(salonId, code, signal) : skipToken,
    ...ONCE,
  });

export const marketingOptOutQuery = (salonId: string, code: string, valid: boolean) =>
  queryOptions({
    queryKey: ['marketing-opt-out', salonId, code],
    queryFn: valid ? ({ signal }) => optOutOfMarketing(salonId, code, signal) : skipToken,
    ...ONCE,
  });
