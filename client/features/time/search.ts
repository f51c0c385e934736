import { useSalon } from '../../app/SalonContext';
import type { SearchKey } from '../booking/api';
import { useBooking } from '../booking/store';
import { stylistIdsFor } from '../stylists/choices';

/** What the availability calls are asked, from the booking state. */
export function useSearchKey(): SearchKey {
  const { salon } = useSalon();
  const b = useBooking();
  return {
    salonId: salon.id,
    services: b.selectedServices.map((s) => s.id),
    stylists: stylistIdsFor(b.selectedServices, b.staffPreference),
    patchTime: b.patchChoice === 'needed' ? b.selectedPatchTime : null,
    waitlist: b.isWaitList,
  };
}
