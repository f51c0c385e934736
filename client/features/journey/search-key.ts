import { useSalon } from '../../lib/salon-context';
import type { SearchKey } from './api';
import { stylistIdsFor } from './stylist-choice';
import { useBooking } from './store';

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
