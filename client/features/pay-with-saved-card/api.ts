import { answer, api, send } from '../../lib/api';

/** PUT book-online/confirm/{salon}/{appointment}/{pi}/{username}/: settles a deposit after 3-D Secure. */
export const confirmDeposit = (salonId: number, appointmentId: number, paymentIntent: string, username: string) =>
  answer(
    api['book-online'].confirm[':salonId'][':appointmentId'][':pi'][':username'].index.$put(
      { param: { salonId: String(salonId), appointmentId: String(appointmentId), pi: paymentIntent, username } },
      send({ auth: true }),
    ),
  );
