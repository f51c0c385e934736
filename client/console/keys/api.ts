import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeySummary } from '../../../shared/console/keys';
import { answer, salon, salonCalls } from '../lib/api';

/** API keys' calls (docs/console/README.md "Places"): the salon's keys, making one (shown once) and revoking one. */
export const keysKey = (salonId: number) => ['console', salonId, 'keys'] as const;

export const keysQuery = (salonId: number) =>
  queryOptions({ queryKey: keysKey(salonId), queryFn: () => answer(salonCalls.keys.$get({ param: salon(salonId) })) });

export const createKey = (salonId: number, body: ApiKeyCreate) => answer(salonCalls.keys.$post({ param: salon(salonId), json: body }));
export const revokeKey = (salonId: number, key: ApiKeySummary) =>
  answer(salonCalls.keys[':keyId'].$delete({ param: { ...salon(salonId), keyId: String(key.id) } }));
