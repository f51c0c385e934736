import { call } from '../../lib/api';

/** PUT book-online/confirm/{salon}/{appointment}/{pi}/{username}/: settles a deposit after 3-D Secure. */
export const confirmDeposit = (salonId: number, appointmentId: number, paymentIntent: string, username: string) =>
  call<{ status: string }>(
    `book-online/confirm/${salonId}/${appointmentId}/${encodeURIComponent(paymentIntent)}/${encodeURIComponent(username)}/`,
    {
      method: 'PUT',
      auth: true,
      body: {},
    },
  );
