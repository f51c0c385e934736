import { call } from '../../lib/api';

/** ncob/client/salons/{username}/: the salons the logged-in client has bookings with. */
export const fetchClientSalons = async (username: string, signal: AbortSignal) =>
  (await call<{ id: number; name: string }[]>(`ncob/client/salons/${encodeURIComponent(username)}/`, { auth: true, signal })) ?? [];
