import { useQuery } from '@tanstack/react-query';
import { useBooking } from '../journey';
import { appointmentCostQuery } from './api';

/** The chosen appointment's total and deposit from the server (asked once every service has its stylist). */
export function useAppointmentCost(salonId: number, enabled: boolean) {
  const b = useBooking();
  const serviceIds = b.selectedServices.map((s) => s.id);
  const stylists = serviceIds.map((id) => b.selectedStylists[id]?.stylist_id ?? null);
  const assigned = stylists.every((s) => s !== null) ? stylists : null;
  const ready = enabled && serviceIds.length > 0;
  return useQuery(appointmentCostQuery(salonId, ready ? b.selectedAppointmentTime : null, serviceIds, assigned));
}
