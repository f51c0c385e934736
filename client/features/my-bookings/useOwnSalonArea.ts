import { useEffect } from 'react';
import { useSalon } from '../../lib/salon-context';
import { rowIdOf } from '../../../shared/ids';

/**
 * A location's bookings are shown in that salon's own area (its theme, timezone, currency and
 * policy): for another salon the page loads at /salon/{id}/... instead. Returns the salon id
 * once it is this salon's, else null (while the browser goes there).
 */
export function useOwnSalonArea(raw: string, pathIn: (salonId: number) => string): number | null {
  const { salon } = useSalon();
  const id = rowIdOf(raw);
  const own = id === salon.id;
  useEffect(() => {
    if (id !== null && !own) window.location.replace(`/salon/${id}/${pathIn(id)}${window.location.search}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, own]);
  if (id === null) return salon.id;
  return own ? id : null;
}
