import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../shared/console/history';
import { staffCall } from '../lib/api';

/** History's one call: every change of the salon's settings, photos, menu and time off, newest first. */
export const historyQuery = (salonId: number) =>
  queryOptions({ queryKey: ['console', salonId, 'history'], queryFn: () => staffCall<HistoryEntry[]>(`salons/${salonId}/history`) });
