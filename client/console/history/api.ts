import { queryOptions } from '@tanstack/react-query';
import { answer, salon, salonCalls } from '../lib/api';

/** History's one call: every change of the salon's settings, photos, menu and time off, newest first. */
export const historyQuery = (salonId: number) =>
  queryOptions({ queryKey: ['console', salonId, 'history'], queryFn: () => answer(salonCalls.history.$get({ param: salon(salonId) })) });
