import { queryOptions } from '@tanstack/react-query';
import type { SettingsPatch, VersionedSettings } from '../../../shared/console/settings';
import { staffCall } from '../lib/api';

/** GET /api/console/salons/{id}/settings: the booking page's settings and the version a save names. */
export const settingsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'settings'],
    queryFn: () => staffCall<VersionedSettings>(`salons/${salonId}/settings`),
    // an open form keeps the version it started from; a save or a 412 brings the new one
    refetchOnWindowFocus: false,
  });

/** PATCH with the version the form started from: a 412 (someone saved meanwhile) comes back as an ApiError with `current` and `changed`. */
export const saveSettings = (salonId: number, version: number, patch: SettingsPatch) =>
  staffCall<VersionedSettings>(`salons/${salonId}/settings`, { method: 'PATCH', headers: { 'If-Match': String(version) }, body: patch });
