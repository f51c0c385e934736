import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeySummary, CreatedApiKey } from '../../../shared/console/keys';
import { staffCall } from '../lib/api';

/** API keys' calls (docs/console/README.md "Places"): the salon's keys, making one (shown once) and revoking one. */
export const keysKey = (salonId: number) => ['console', salonId, 'keys'] as const;

export const keysQuery = (salonId: number) =>
  queryOptions({ queryKey: keysKey(salonId), queryFn: () => staffCall<ApiKeySummary[]>(`salons/${salonId}/keys`) });

export const createKey = (salonId: number, body: ApiKeyCreate) =>
  staffCall<CreatedApiKey>(`salons/${salonId}/keys`, { method: 'POST', body });
export const revokeKey = (salonId: number, key: ApiKeySummary) => staffCall<void>(`salons/${salonId}/keys/${key.id}`, { method: 'DELETE' });
