import { queryOptions } from '@tanstack/react-query';
import type { GroupPickerSave } from '../../../shared/console/group-picker';
import { answer, salon, salonCalls } from '../lib/api';

/** How often the domain screen asks again while the domain is on its way (the Cron Trigger checks every 5 minutes). */
export const DOMAIN_POLL_MS = 15_000;

const { domain, 'short-name': shortName, 'group-picker': groupPicker } = salonCalls;

export const domainQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'domain'] as const,
    queryFn: async () => (await answer(domain.$get({ param: salon(salonId) }))).domain,
    refetchInterval: (q) => (q.state.data && q.state.data.phase !== 'live' ? DOMAIN_POLL_MS : false),
  });

export const addDomain = (salonId: number, hostname: string) => answer(domain.$put({ param: salon(salonId), json: { hostname } }));
export const checkDomainAgain = (salonId: number) => answer(domain.check.$post({ param: salon(salonId) }));
export const removeDomain = (salonId: number) => answer(domain.$delete({ param: salon(salonId) }));

export const shortNameQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'short-name'] as const,
    queryFn: () => answer(shortName.$get({ param: salon(salonId) })),
  });

/** Whether the name typed is free, asked as the owner types (after a short pause). */
export const shortNameCheckQuery = (salonId: number, name: string) =>
  queryOptions({
    queryKey: ['console', salonId, 'short-name', 'check', name] as const,
    queryFn: () => answer(shortName.check.$get({ param: salon(salonId), query: { name } })),
    enabled: name !== '',
    staleTime: 5_000,
  });

export const saveShortName = (salonId: number, short_name: string) =>
  answer(shortName.$put({ param: salon(salonId), json: { short_name } }));

export const groupPickerQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'group-picker'] as const,
    queryFn: () => answer(groupPicker.$get({ param: salon(salonId) })),
  });
/** The group's picker saved, as the version it was read at (If-Match; 412 when another save came first). */
export const saveGroupPicker = (salonId: number, version: number, body: GroupPickerSave) =>
  answer(groupPicker.$put({ param: salon(salonId), json: body }, { headers: { 'If-Match': String(version) } }));

/** This salon and others of the owner's made one group. */
export const makeGroup = (salonId: number, body: { name: string; salon_ids: number[] }) =>
  answer(salonCalls.group.$post({ param: salon(salonId), json: body }));
