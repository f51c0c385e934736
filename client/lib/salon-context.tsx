import { createContext, useContext } from 'react';
import type { Category, SalonDetails } from '../../shared/types';

export interface SalonData {
  salon: SalonDetails;
  services: Category[];
  /** the salon's weekday when the edge rendered the page (bootstrap `today`), for hydrating what it showed */
  today?: number;
  /** when the edge rendered the page (bootstrap `rendered_at`, UTC ms): 'Open now' as it showed it */
  renderedAt?: number;
}

export const SalonContext = createContext<SalonData | null>(null);

/** The salon whose booking area this is (injected by the edge with the page). */
export function useSalon(): SalonData {
  const data = useContext(SalonContext);
  if (!data) throw new Error('useSalon outside a salon page');
  return data;
}
