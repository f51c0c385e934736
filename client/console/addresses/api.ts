import { queryOptions } from '@tanstack/react-query';
import type { CustomDomainView } from '../../../shared/console/domains';
import type { CreatedGroup } from '../../../shared/console/groups';
import type { GroupPickerSave, GroupPickerSettings } from '../../../shared/console/group-picker';
import type { ShortNameCheck, ShortNameView } from '../../../shared/console/short-name';
import { staffCall } from '../lib/api';

/** How often the domain screen asks again while the domain is on its way (the Cron Trigger checks every 5 minutes). */
export const DOMAIN_POLL_MS = 15_000;

export const domainQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'domain'] as const,
    queryFn: async () => (await staffCall<{ domain: CustomDomainView | null }>(`salons/${salonId}/domain`)).domain,
    refetchInterval: (q) => (q.state.data && q.state.data.phase !== 'live' ? DOMAIN_POLL_MS : false),
  });

export const addDomain = (salonId: number, hostname: string) =>
  staffCall<{ domain: CustomDomainView }>(`salons/${salonId}/domain`, { method: 'PUT', body: { hostname } });
export const checkDomainAgain = (salonId: number) =>
  staffCall<{ domain: CustomDomainView }>(`salons/${salonId}/domain/check`, { method: 'POST' });
export const removeDomain = (salonId: number) => staffCall<void>(`salons/${salonId}/domain`, { method: 'DELETE' });

export const shortNameQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'short-name'] as const,
    queryFn: () => staffCall<ShortNameView>(`salons/${salonId}/short-name`),
  });

/** Whether the name typed is free, asked as the owner types (after a short pause). */
export const shortNameCheckQuery = (salonId: number, name: string) =>
  queryOptions({
    queryKey: ['console', salonId, 'short-name', 'check', name] as const,
    queryFn: () => staffCall<ShortNameCheck>(`salons/${salonId}/short-name/check?name=${encodeURIComponent(name)}`),
    enabled: name !== '',
    staleTime: 5_000,
  });

export const saveShortName = (salonId: number, short_name: string) =>
  staffCall<ShortNameView>(`salons/${salonId}/short-name`, { method: 'PUT', body: { short_name } });

export const groupPickerQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'group-picker'] as const,
    queryFn: () => staffCall<GroupPickerSettings>(`salons/${salonId}/group-picker`),
  });
/** The group's picker saved, as the version it was read at (If-Match; 412 when another save came first). */
export const saveGroupPicker = (salonId: number, version: number, body: GroupPickerSave) =>
  staffCall<GroupPickerSettings>(`salons/${salonId}/group-picker`, { method: 'PUT', body, headers: { 'If-Match': String(version) } });

/** This salon and others of the owner's made one group. */
export const makeGroup = (salonId: number, body: { name: string; salon_ids: number[] }) =>
  staffCall<CreatedGroup>(`salons/${salonId}/group`, { method: 'POST', body });
