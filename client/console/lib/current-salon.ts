import { useParams } from 'react-router';
import type { StaffSalon } from '../../../shared/console/roles';
import { useSession } from './session';

/** The salon of the address (/salons/{id}/…), as the signed-in staff member works there; the first one for an id that is not theirs. */
export function useCurrentSalon(): StaffSalon {
  const { salonId } = useParams();
  const { me } = useSession();
  const salons = me?.salons ?? [];
  return (salons.find((s) => String(s.id) === salonId) ?? salons[0]) as StaffSalon;
}
