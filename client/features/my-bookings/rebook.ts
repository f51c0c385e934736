import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSalon } from '../../lib/salon-context';
import { chooseStylist, startAgain, toChoice, toggleService } from '../journey';
import { stylistsQuery } from '../stylists';
import type { Booking } from './types';

/**
 * REBOOK: a fresh booking at this salon's start with the same services already chosen, and the
 * same stylist for each where they still do that service (else the client chooses again).
 */
export function useRebook() {
  const { salon, services } = useSalon();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (b: Booking) => {
    const catalogue = services.flatMap((c) => c.services);
    const chosen = b.procedures.map((p) => ({ p, service: catalogue.find((s) => s.id === p.service.id) }));
    startAgain();
    for (const { service } of chosen) if (service) toggleService(service);
    const ids = chosen.flatMap(({ service }) => (service ? [service.id] : []));
    if (ids.length > 0 && salon.ncob_stylists_count > 1) {
      try {
        // The staff screen's own list: it shows at once when the client gets there.
        const options = await queryClient.fetchQuery(stylistsQuery(salon.id, ids));
        for (const { p, service } of chosen) {
          const option = service && options.find((o) => o.service_id === service.id)?.stylists.find((s) => s.stylist_id === p.stylist.id);
          if (service && option) chooseStylist(toChoice(service, option));
        }
      } catch {
        // Without the staff list the client simply chooses the staff again.
      }
    }
    navigate('/');
  };
}
