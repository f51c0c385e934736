import { useApi } from '../../lib/useApi';
import { useBooking } from '../booking';
import { appointmentCost } from './api';

/** The chosen appointment's total and deposit from the server (null key: not asked). */
export function useAppointmentCost(salonId: number, enabled: boolean) {
  const b = useBooking();
  const serviceIds = b.selectedServices.map((s) => s.id);
  const stylistIds = serviceIds.map((id) => b.selectedStylists[id]?.stylist_id ?? null);
  const ready = enabled && !!b.selectedAppointmentTime && serviceIds.length > 0 && stylistIds.every((s) => s !== null);
  const key = ready ? `${salonId}|${b.selectedAppointmentTime}|${serviceIds.join(',')}|${stylistIds.join(',')}` : null;
  return useApi(key, () => appointmentCost(salonId, b.selectedAppointmentTime!, serviceIds, stylistIds));
}
