import { queryOptions } from '@tanstack/react-query';
import type { SettingsPatch } from '../../../shared/console/settings';
import { answer, salon, salonCalls } from '../lib/api';

/** GET /api/console/salons/{id}/settings: the booking page's settings and the version a save names. */
export const settingsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'settings'],
    queryFn: () => answer(salonCalls.settings.$get({ param: salon(salonId) })),
    // an open form keeps the version it started from; a save or a 412 brings the new one
    refetchOnWindowFocus: false,
  });

/** PATCH with the version the form started from: a 412 (someone saved meanwhile) comes back as an ApiError with `current` and `changed`. */
export const saveSettings = (salonId: number, version: number, patch: SettingsPatch) =>
  answer(salonCalls.settings.$patch({ param: salon(salonId), json: patch }, { headers: { 'If-Match': String(version) } }));
