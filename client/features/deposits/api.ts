import { call } from '../../lib/api';

export interface Invite {
  id: number;
  salon_name: string;
  requested_deposit: number;
  appointment: { id: number; start_time: string };
}

/** client/get/invite/{salon}/: the logged-in client's open deposit requests. */
export const fetchInvites = async (salonId: number, signal: AbortSignal) =>
  (await call<Invite[]>(`client/get/invite/${salonId}/`, { auth: true, signal })) ?? [];
